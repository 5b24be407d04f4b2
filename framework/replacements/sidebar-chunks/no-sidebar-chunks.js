// The sidebar chunks of a build that keeps the sidebars in the version metadata (the server
// build, the dev server, a site with several docs versions): none. See ./wiring.ts.
export default {};
