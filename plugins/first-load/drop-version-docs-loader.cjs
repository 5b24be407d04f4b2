// Webpack/Rspack loader for a docs version metadata file: empties `version.docs` (see index.ts
// for why) and, with `{ sidebarStore }` (the production browser build), leaves the sidebars'
// items to a module per sidebar, the same file requested with `?sidebar=<name>`
// (./sidebarChunks.cjs). Pure JS because the bundler requires loaders without a TypeScript hook.
const { dropVersionDocs } = require('./dropVersionDocs.cjs');
const { metadataModule, requestedSidebar, sidebarModule } = require('./sidebarChunks.cjs');

module.exports = function dropVersionDocsLoader(source) {
  const json = dropVersionDocs(String(source));
  const { sidebarStore } = this.getOptions() || {};
  if (!sidebarStore) return json;
  const sidebar = requestedSidebar(this.resourceQuery);
  return sidebar === undefined ? metadataModule(json, sidebarStore) : sidebarModule(json, sidebar, sidebarStore);
};
