import { defineReplacement, loaderRule } from '../replacement';

const LOADER = require.resolve('./browser-site-config-loader.cjs');

export default defineReplacement({
  name: 'site-config',
  upstream: {
    package: '@docusaurus/core',
    file: 'lib/server/codegen/codegen.js (docusaurus.config.mjs)',
    version: '3.10.2',
  },
  // The server build renders with the whole config.
  webpack: (context) =>
    context.productionBrowser ? { rules: [loaderRule(context.generated('docusaurus.config.mjs'), LOADER)] } : {},
});
