// Webpack/Rspack loader: empties the docs lists of the docs plugin's global data (./NOTE.md says
// why). Pure JS because the bundler requires loaders without a TypeScript hook.
const { dropGlobalDataDocs } = require('./dropGlobalDataDocs.cjs');

module.exports = function dropGlobalDataDocsLoader(source) {
  return dropGlobalDataDocs(String(source));
};
