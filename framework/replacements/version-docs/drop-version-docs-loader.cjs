// Webpack/Rspack loader for a docs version metadata file. With `{ dropDocs: true }` it empties
// `version.docs` (./dropVersionDocs.cjs); with `{ sidebarStore }` (the sidebar-chunks
// replacement) it leaves the sidebars' items to a module per sidebar, the same file requested
// with `?sidebar=<name>` (../sidebar-chunks/sidebarChunks.cjs). Pure JS because the bundler
// requires loaders without a TypeScript hook.
const { dropVersionDocs } = require('./dropVersionDocs.cjs');
const { metadataModule, requestedSidebar, sidebarModule } = require('../sidebar-chunks/sidebarChunks.cjs');

module.exports = function dropVersionDocsLoader(source) {
  const { sidebarStore, dropDocs } = this.getOptions() || {};
  const json = dropDocs ? dropVersionDocs(String(source)) : String(source);
  if (!sidebarStore) return json;
  const sidebar = requestedSidebar(this.resourceQuery);
  return sidebar === undefined ? metadataModule(json, sidebarStore) : sidebarModule(json, sidebar, sidebarStore);
};
