/**
 * Returns the JSON of a docs version metadata file without `version.docs[id].description`.
 * Anything that is not such a file comes back unchanged.
 * @param {string} json
 * @returns {string}
 */
function dropDocDescriptions(json) {
  const data = JSON.parse(json);
  const docs = data && data.version && data.version.docs;
  if (!docs || typeof docs !== 'object') return json;
  for (const doc of Object.values(docs)) {
    if (doc && typeof doc === 'object') delete doc.description;
  }
  return JSON.stringify(data);
}

module.exports = { dropDocDescriptions };
