// Webpack/Rspack loader for the browser's @generated/docusaurus.config (see ../plugin.ts).
const { browserSiteConfig } = require('./browserSiteConfig.cjs');

module.exports = function browserSiteConfigLoader(source) {
  return browserSiteConfig(String(source));
};
