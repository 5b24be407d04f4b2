// The sidebars of the docs version in the production browser build: the version metadata's
// `docsSidebars` is this object, and each sidebar's chunk adds its items when it runs
// (./sidebarChunks.cjs). It lives in main.js (../preload/routePreload.ts imports it), so no chunk
// carries a copy of it.
export const loadedSidebars: Record<string, unknown> = {};
