// Trims from every page's first load what this site never uses there. Each trim is measured by
// `npm run bench` (first-load bytes) and guarded by tests/unit/first-load.test.ts.
//
// 1. Prism. The classic theme registers Prism languages from a client module, which puts
//    prism-react-renderer (its Prism build and ~20 grammars) and our additional grammars into
//    main.js: about 35 KiB gzip, and grammar set-up in the first long task, on every page. Code
//    blocks are highlighted at build time (plugins/highlight-code), so the module is replaced
//    by an empty one and no page loads Prism at all.
// 2. Doc descriptions. Every doc page loads its version's metadata, which carries each doc's
//    front-matter description for DocCard (category index cards). This site has no DocCard
//    (the content lint rejects DocCardList, a unit test generated-index sidebars), so the
//    descriptions, 30 KB of JSON on every doc page, are dropped from that file.
import path from 'node:path';
import type { Plugin, PluginModule } from '@docusaurus/types';

/** theme-classic's client module that registers Prism languages eagerly. */
export const EAGER_PRISM_MODULE = /@docusaurus[\\/]theme-classic[\\/]lib[\\/]prism-include-languages\.js$/;
/** The docs plugin's per-version metadata props (`<pluginId>/p/<version route>.json`). */
export const VERSION_METADATA_FILE = /[\\/]docusaurus-plugin-content-docs[\\/][^\\/]+[\\/]p[\\/][^\\/]+\.json$/;

export default function firstLoadPlugin(): PluginModule {
  return (): Plugin => ({
    name: 'veriq-first-load',
    configureWebpack(_config, _isServer, { currentBundler }) {
      // The same plugin class exists in webpack and Rspack (@docusaurus/faster).
      return {
        plugins: [
          new currentBundler.instance.NormalModuleReplacementPlugin(
            EAGER_PRISM_MODULE,
            path.join(__dirname, 'empty-client-module.js'),
          ),
        ],
        module: {
          rules: [
            {
              test: VERSION_METADATA_FILE,
              use: [{ loader: path.join(__dirname, 'drop-doc-descriptions-loader.cjs') }],
            },
          ],
        },
      };
    },
  });
}
