import { defineReplacement, replaceModule } from '../replacement';

const ROUTE_PRELOAD = require.resolve('./routePreload.ts');

/** core's route preload (the client entry, navigation and hovered links call it). */
export const CORE_PRELOAD_MODULE = /@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]preload\.js$/;

export default defineReplacement({
  name: 'preload',
  upstream: { package: '@docusaurus/core', file: 'lib/client/preload.js', version: '3.10.2' },
  webpack: (context) => ({
    plugins: [replaceModule(context, CORE_PRELOAD_MODULE, ROUTE_PRELOAD)],
  }),
});
