// The global-data-docs trim (./wiring.ts). CommonJS because the bundler requires loaders without
// a TypeScript hook; the unit tests import it directly.

/**
 * Returns the JSON of the site's global data with every docs version's `docs` list emptied: the
 * list (id, path, sidebar of each doc) serves the theme's active-doc lookup, which this site's
 * navbar replaces with the route table (shared/routing/sidebarOfPath.ts). Versions, their paths
 * and sidebar links stay.
 * @param {string} json
 * @returns {string}
 */
function dropGlobalDataDocs(json) {
  const data = JSON.parse(json);
  const docsPlugin = data && data['docusaurus-plugin-content-docs'];
  if (!docsPlugin || typeof docsPlugin !== 'object') return json;
  const instances = Object.fromEntries(
    Object.entries(docsPlugin).map(([id, instance]) => [
      id,
      { ...instance, versions: instance.versions.map((version) => ({ ...version, docs: [] })) },
    ]),
  );
  return JSON.stringify({ ...data, 'docusaurus-plugin-content-docs': instances });
}

module.exports = { dropGlobalDataDocs };
