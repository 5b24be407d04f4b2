import { defineReplacement } from '../replacement';

const TSLIB_IMPORT_DEFAULT = require.resolve('./tslibImportDefault.js');

/** The CommonJS index of @docusaurus/utils-common, the browser bundle's only tslib user. */
export const UTILS_COMMON_INDEX = /@docusaurus[\\/]utils-common[\\/]lib[\\/]index\.js$/;

export default defineReplacement({
  name: 'tslib',
  upstream: { package: 'tslib (2.9, through @docusaurus/utils-common)', file: 'tslib.js', version: '3.10.2' },
  // A rule's resolve options apply to the requests of the modules it matches.
  webpack: () => ({
    rules: [{ test: UTILS_COMMON_INDEX, resolve: { alias: { tslib$: TSLIB_IMPORT_DEFAULT } } }],
  }),
});
