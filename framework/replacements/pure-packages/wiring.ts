import { defineReplacement } from '../replacement';

/**
 * Packages whose modules do nothing when imported but whose package.json declares no
 * `sideEffects`: react-router 5 imports both for `withRouter`, which nothing here uses.
 */
export const PURE_PACKAGES = /[\\/]node_modules[\\/](?:react-is|hoist-non-react-statics)[\\/]/;

export default defineReplacement({
  name: 'pure-packages',
  upstream: {
    package: 'react-router (5, through @docusaurus/core)',
    file: 'its imports of react-is and hoist-non-react-statics',
    version: '3.10.2',
  },
  webpack: () => ({ rules: [{ test: PURE_PACKAGES, sideEffects: false }] }),
});
