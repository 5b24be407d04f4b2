// Each sidebar's chunk in the production browser build, and none in the others: a module that
// framework generates (sidebarChunks.cjs) or its empty stand-in.
declare module '@veriq/sidebar-chunks' {
  const chunks: Record<string, () => Promise<unknown>>;
  export default chunks;
}
