import { defineReplacement, loaderRule } from '../replacement';

const REGISTRY_LOADER = require.resolve('./compact-registry-loader.cjs');
const ROUTES_LOADER = require.resolve('./compact-routes-loader.cjs');
const ROUTES_CHUNK_NAMES_LOADER = require.resolve('./compact-routes-chunk-names-loader.cjs');

export default defineReplacement({
  name: 'route-table',
  upstream: {
    package: '@docusaurus/core',
    file: 'lib/server/codegen/codegenRoutes.js (registry.js, routes.js, routesChunkNames.json) and chunk file names',
    version: '3.10.2',
  },
  // The server keeps core's registry: its module paths are what react-loadable reports. The dev
  // server keeps core's too: readable chunk names, and no content hashes in the way of hot reloading.
  webpack: (context) =>
    context.productionBrowser
      ? {
          rules: [
            loaderRule(context.generated('registry.js'), REGISTRY_LOADER),
            loaderRule(context.generated('routes.js'), ROUTES_LOADER),
            loaderRule(context.generated('routesChunkNames.json'), ROUTES_CHUNK_NAMES_LOADER),
          ],
          // core's is [name].[contenthash:8].js: with a name in the file name, the runtime every
          // page loads maps each chunk id to its name as well as to its hash.
          output: { chunkFilename: 'assets/js/[id].[contenthash:8].js' },
        }
      : {},
});
