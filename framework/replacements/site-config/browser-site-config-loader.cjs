// Webpack/Rspack loader for the browser's @generated/docusaurus.config (./wiring.ts).
const { browserSiteConfig } = require('./browserSiteConfig.cjs');

module.exports = function browserSiteConfigLoader(source) {
  return browserSiteConfig(String(source));
};
