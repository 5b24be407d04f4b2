/**
 * Returns the JSON of a docs version metadata file with an empty `version.docs`: the per-doc
 * entries (id, title, description, sidebar) only DocCard reads, through useDocById.
 * Anything that is not such a file comes back unchanged.
 * @param {string} json
 * @returns {string}
 */
function dropVersionDocs(json) {
  const data = JSON.parse(json);
  const version = data && data.version;
  if (!version || typeof version.docs !== 'object' || version.docs === null) return json;
  return JSON.stringify({ ...data, version: { ...version, docs: {} } });
}

module.exports = { dropVersionDocs };
