// Webpack/Rspack loader: drops `description` from each doc of a version metadata file (see
// index.ts for why). Pure JS because the bundler requires loaders without a TypeScript hook.
const { dropDocDescriptions } = require('./dropDocDescriptions.cjs');

module.exports = function dropDocDescriptionsLoader(source) {
  return dropDocDescriptions(String(source));
};
