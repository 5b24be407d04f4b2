// The version-docs trim (./wiring.ts). CommonJS because the bundler requires loaders without a
// TypeScript hook; the unit tests import it directly.

/**
 * Sidebar items without what no browser code of this site reads: a link's `docId` (DocCard
 * alone reads it) and `unlisted: false` (read as `!item.unlisted`, which an absent field
 * answers the same). About 0.9 KiB gzip of the sidebars every doc page loads.
 * @param {unknown[]} items
 * @returns {unknown[]}
 */
function compactSidebarItems(items) {
  return items.map((item) => {
    const { docId: _docId, ...rest } = item;
    if (rest.unlisted === false) delete rest.unlisted;
    if (Array.isArray(rest.items)) rest.items = compactSidebarItems(rest.items);
    return rest;
  });
}

/**
 * Returns the JSON of a docs version metadata file with an empty `version.docs`, the per-doc
 * entries (id, title, description, sidebar) only DocCard reads, through useDocById, and its
 * sidebars' items compacted (compactSidebarItems). Anything that is not such a file comes back
 * unchanged.
 * @param {string} json
 * @returns {string}
 */
function dropVersionDocs(json) {
  const data = JSON.parse(json);
  const version = data && data.version;
  if (!version || typeof version.docs !== 'object' || version.docs === null) return json;
  const sidebars = version.docsSidebars && typeof version.docsSidebars === 'object' ? version.docsSidebars : {};
  const docsSidebars = Object.fromEntries(
    Object.entries(sidebars).map(([name, items]) => [name, compactSidebarItems(items)]),
  );
  return JSON.stringify({ ...data, version: { ...version, docs: {}, docsSidebars } });
}

module.exports = { dropVersionDocs };
