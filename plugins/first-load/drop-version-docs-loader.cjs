// Webpack/Rspack loader: empties `version.docs` in a docs version metadata file (see index.ts for
// why). Pure JS because the bundler requires loaders without a TypeScript hook.
const { dropVersionDocs } = require('./dropVersionDocs.cjs');

module.exports = function dropVersionDocsLoader(source) {
  return dropVersionDocs(String(source));
};
