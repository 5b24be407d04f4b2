import { defineReplacement, replaceModule } from '../replacement';

const DOCUSAURUS_CLIENT = require.resolve('./docusaurusClient.ts');

/** core's client module that defines `window.docusaurus` (prefetch and preload). */
export const CORE_CLIENT_MODULE = /@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]docusaurus\.js$/;

export default defineReplacement({
  name: 'prefetch',
  upstream: { package: '@docusaurus/core', file: 'lib/client/docusaurus.js', version: '3.10.2' },
  webpack: (context) => ({
    plugins: [replaceModule(context, CORE_CLIENT_MODULE, DOCUSAURUS_CLIENT)],
  }),
});
