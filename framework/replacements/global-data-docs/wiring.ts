import { siteDocsVersions } from '../../docsVersions';
import { defineReplacement, loaderRule } from '../replacement';

const LOADER = require.resolve('./drop-global-data-docs-loader.cjs');

export default defineReplacement({
  name: 'global-data-docs',
  upstream: {
    package: '@docusaurus/plugin-content-docs',
    file: "the global data's docs lists (globalData.json)",
    version: '3.10.2',
  },
  // The version dropdowns read the lists.
  stepsAside: ({ siteDir }) => siteDocsVersions(siteDir).versioned,
  webpack: (context) => ({ rules: [loaderRule(context.generated('globalData.json'), LOADER)] }),
});
