import { defineReplacement, replaceModule, type WiringContext } from '../replacement';

const ROUTE_PRELOAD = require.resolve('./routePreload.ts');
const ROUTE_PRELOAD_DEFERRED = require.resolve('./routePreloadDeferred.ts');

/** core's route preload (the client entry, navigation and hovered links call it). */
export const CORE_PRELOAD_MODULE = /@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]preload\.js$/;

/** Our client entry calls the preload in a task of its own; core's entry (the dev server, or
 * `client-entry` left upstream) calls it while main.js runs, so the first call is deferred. */
function preloadModule(context: WiringContext): string {
  return context.productionBrowser && context.active('client-entry') ? ROUTE_PRELOAD : ROUTE_PRELOAD_DEFERRED;
}

export default defineReplacement({
  name: 'preload',
  upstream: { package: '@docusaurus/core', file: 'lib/client/preload.js', version: '3.10.2' },
  webpack: (context) => ({
    plugins: [replaceModule(context, CORE_PRELOAD_MODULE, preloadModule(context))],
  }),
});
