// Trims from every doc page's first load what this site never uses there, measured by
// `npm run bench` (first-load bytes) and guarded by tests/unit/first-load.test.ts and, on the
// built site, tests/e2e/first-load.spec.ts. (Prism, the other big trim, is part of build-time
// highlighting: plugins/highlight-code.)
//
// Doc descriptions. Every doc page loads its version's metadata, which carries each doc's
// front-matter description for DocCard (category index cards). This site has no DocCard (the
// content lint rejects DocCardList, a unit test generated-index sidebars), so the descriptions,
// 30 KB of JSON on every doc page, are dropped from that file.
import path from 'node:path';
import type { Plugin, PluginModule } from '@docusaurus/types';

/** The docs plugin's per-version metadata props (`<pluginId>/p/<version route>.json`). */
export const VERSION_METADATA_FILE = /[\\/]docusaurus-plugin-content-docs[\\/][^\\/]+[\\/]p[\\/][^\\/]+\.json$/;

export default function firstLoadPlugin(): PluginModule {
  return (): Plugin => ({
    name: 'veriq-first-load',
    configureWebpack() {
      return {
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
