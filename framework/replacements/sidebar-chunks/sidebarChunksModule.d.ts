// Each sidebar's chunk in the production browser build, and none in the others: the module that
// ./wiring.ts generates, or its empty stand-in ./no-sidebar-chunks.js.
declare module '@veriq/sidebar-chunks' {
  const chunks: Record<string, () => Promise<unknown>>;
  export default chunks;
}
