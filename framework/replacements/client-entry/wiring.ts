import { defineReplacement, replaceModule } from '../replacement';

const CLIENT_ENTRY = require.resolve('./clientEntry.tsx');

/** core's browser entry. */
export const CORE_CLIENT_ENTRY = /@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]clientEntry\.js$/;

export default defineReplacement({
  name: 'client-entry',
  upstream: { package: '@docusaurus/core', file: 'lib/client/clientEntry.js', version: '3.10.2' },
  // The dev server keeps core's entry: it accepts hot updates of itself.
  webpack: (context) =>
    context.productionBrowser ? { plugins: [replaceModule(context, CORE_CLIENT_ENTRY, CLIENT_ENTRY)] } : {},
});
