// Pure helpers of the sidebar split (./wiring.ts). CommonJS because the bundler loads loaders
// without a TypeScript hook; the unit tests import these functions directly. The metadata's
// sidebars become an object of main.js (./sidebarStore.ts) that starts empty; each sidebar is a
// module of its own (the metadata file requested with `?sidebar=<name>`) that fills in its items,
// and the route preload loads the page's sidebar with the route's chunks.

const SIDEBAR_QUERY = /^\?sidebar=([^&]+)$/;

/**
 * The sidebar a request for a version metadata file asks for (`?sidebar=<name>`), if any.
 * @param {string} resourceQuery
 * @returns {string | undefined}
 */
function requestedSidebar(resourceQuery) {
  const match = SIDEBAR_QUERY.exec(resourceQuery || '');
  return match ? decodeURIComponent(match[1]) : undefined;
}

/**
 * The sidebars of parsed version metadata, or null when it is not a version's metadata.
 * @param {any} data
 * @returns {Record<string, unknown> | null}
 */
function sidebarsOf(data) {
  const sidebars = data && data.version && data.version.docsSidebars;
  return sidebars && typeof sidebars === 'object' ? sidebars : null;
}

/**
 * The names of the sidebars of a version metadata file, or null when the JSON is not one.
 * @param {string} json
 * @returns {string[] | null}
 */
function sidebarNames(json) {
  const sidebars = sidebarsOf(JSON.parse(json));
  return sidebars && Object.keys(sidebars);
}

/**
 * The version metadata as a module whose sidebars are the store's object (filled as sidebar
 * modules run).
 * @param {string} json
 * @param {string} storeRequest the store module (./sidebarStore.ts)
 * @returns {string}
 */
function metadataModule(json, storeRequest) {
  const data = JSON.parse(json);
  if (!sidebarsOf(data)) return `export default ${json};\n`;
  return [
    `import { loadedSidebars } from ${JSON.stringify(storeRequest)};`,
    `const metadata = ${JSON.stringify({ ...data, version: { ...data.version, docsSidebars: {} } })};`,
    'metadata.version.docsSidebars = loadedSidebars;',
    'export default metadata;',
    '',
  ].join('\n');
}

/**
 * The module of one sidebar: it puts the sidebar's items into the store. Throws on a sidebar the
 * version does not have.
 * @param {string} json the version metadata file
 * @param {string} name
 * @param {string} storeRequest the store module (./sidebarStore.ts)
 * @returns {string}
 */
function sidebarModule(json, name, storeRequest) {
  const sidebars = sidebarsOf(JSON.parse(json)) || {};
  if (!Object.hasOwn(sidebars, name)) throw new Error(`version metadata: no sidebar "${name}"`);
  return [
    `import { loadedSidebars } from ${JSON.stringify(storeRequest)};`,
    `loadedSidebars[${JSON.stringify(name)}] = ${JSON.stringify(sidebars[name])};`,
    'export default null;',
    '',
  ].join('\n');
}

/**
 * The chunk name of a sidebar's chunk: the page template finds a doc's sidebar chunk in the client
 * manifest under it (../route-scripts). With the route table's file names (by id, ../route-table) the
 * name reaches neither the file names nor the runtime.
 * @param {string} name
 * @returns {string}
 */
function sidebarChunkName(name) {
  return `sidebar-${name.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

/**
 * The module main.js imports (../preload/routePreload.ts): each sidebar's name and the import
 * of its module.
 * @param {string} metadataFile absolute path of the version metadata file
 * @param {string[]} names
 * @returns {string}
 */
function sidebarChunksModule(metadataFile, names) {
  const entries = names.map(
    (name) =>
      `  ${JSON.stringify(name)}: () => import(/* webpackChunkName: ${JSON.stringify(sidebarChunkName(name))} */ ${JSON.stringify(`${metadataFile}?sidebar=${encodeURIComponent(name)}`)}),`,
  );
  return `export default {\n${entries.join('\n')}\n};\n`;
}

module.exports = {
  requestedSidebar,
  sidebarNames,
  metadataModule,
  sidebarModule,
  sidebarChunkName,
  sidebarChunksModule,
};
