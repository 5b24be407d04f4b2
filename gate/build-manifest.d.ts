// The build writes the manifest (plugins/guide-gate); before a build, type checks see this shape.
declare module '*/.gate/manifest.json' {
  const manifest: unknown;
  export default manifest;
}
