// Trims from every doc page's first load what this site never uses there, measured by
// `npm run bench` (first-load bytes) and guarded by tests/unit/first-load.test.ts and, on the
// built site, tests/e2e/first-load.spec.ts. (Prism, the other big trim, is part of build-time
// highlighting: plugins/highlight-code.)
//
// Version docs. Every doc page loads its version's metadata: the sidebars, and an entry per doc
// (id, title, front-matter description, sidebar) that only DocCard (category index cards) reads,
// through useDocById. This site has no DocCard (the content lint rejects DocCardList, a unit test
// generated-index sidebars), so the entries, about 3 KiB gzip on every doc page, are left out of
// that file. The theme's version banner and dropdown read the docs from the plugin's global data.
//
// Sidebars. The version metadata held every sidebar of the version, and on a page outside the
// guides the guides' sidebar was most of it. In the production browser build it keeps none: each
// sidebar is a chunk of its own (./sidebarChunks.cjs), which the route preload loads with the
// page's route (src/routing/routePreload.ts), 1.6-2.1 KiB gzip less outside the guides and 0.3
// in them. The server build and the dev server keep the sidebars in the metadata, and so does a site
// with several docs versions (a route names its sidebar, not its version).
//
// Shared code of the docs layout. theme-common's Collapsible (the sidebar's categories, the phone
// table of contents) was copied into both the DocRoot and the DocItem chunk, which every doc page
// loads; it gets a chunk of its own (COLLAPSIBLE_CHUNK).
//
// Global data. main.js carries the docs plugin's global data, with a list of every doc (id,
// path, sidebar) for the theme's active-doc lookup: the navbar's `docSidebar` item is active on
// the docs of its sidebar, and the doc and version-dropdown items, which this site does not
// register (src/theme/NavbarItem/ComponentTypes.tsx), link to docs by id. The lists are emptied,
// 1.7 KiB gzip; the navbar item (src/theme/NavbarItem/DocSidebarLink) reads the doc's sidebar
// from its route instead. The version banner reads the list only on a version with a banner, and
// this site has one version, without one.
//
// Link prefetching. core's client/docusaurus.js (the `window.docusaurus` every Link calls) is
// replaced by src/routing/docusaurusClient.ts: a link coming into view queues its route, and the
// route's chunks are requested in idle time, each file once. The original requested them at
// once, one <link rel="prefetch"> per chunk per route (over 400 elements for 25 files on a guide
// page), in the task right after hydration.
//
// Window size. theme-common's useWindowSize is replaced by src/components/useWindowSize.ts, which
// applies the size learnt after hydration in a transition: on a phone, unmounting the desktop
// sidebar and table of contents the server rendered was one synchronous render of the whole doc
// layout, the longest task left after the prefetch change.
//
// Initial preload. core's client/preload.js is replaced by src/routing/routePreload.ts: the same
// steps, but the first call (the client entry's, during main.js's evaluation) starts in a task of
// its own, so evaluating main.js and setting up the route's chunks are two tasks instead of one.
//
// tslib. @docusaurus/utils-common (Link's trailing-slash helpers) is CommonJS and requires tslib
// for one helper, `__importDefault`; a CommonJS require cannot be tree-shaken, so every tslib
// helper was in main.js (3.4 KiB of its gzip size). Its tslib resolves to
// ./tslib-import-default.js; the search client's chunk, loaded on first search, still gets the
// real tslib.
//
// Route table. main.js carries core's chunk registry and routesChunkNames (which chunks each
// route loads), keyed by 8-hex-digit hashes of module paths, and the bundler runtime mapped each
// chunk to such a name. In the browser build, ./compactRouteRegistry.cjs renames the registry's
// chunks r0, r1, … (their rank) in both files and drops each entry's module path, which
// react-loadable reports only while rendering on the server (the server build keeps core's
// files); chunk files are named by chunk id and hash, so the runtime maps ids to hashes only.
// Together about 7.8 KiB gzip of main.js and the runtime. routesChunkNames was keyed by each
// route's path and a hash (`/helm-online-install-0a1`), a third copy of every path after the
// route's own and its component's; routes.js and routesChunkNames now key a route by its rank
// in the route table (`-1z`), about 2 KiB gzip less. The prefetch queue finds a route's chunks
// by that rank too (src/routing/prefetchQueue.ts, chunkNamesByRoute).
//
// Stylesheet. After the build, ./purgeStylesheets.ts drops the rules no page or script can use
// (Infima's avatars, cards, pills, grid offsets…) from the stylesheet every page waits for before
// its first paint, 2.5 KiB gzip, and renames it.
//
// Head manager. core's client entry and @docusaurus/Head use react-helmet-async; in the browser
// build the package resolves to src/head/clientHelmet.tsx, which keeps the same rules for what
// the head holds and writes it the same way, without the library's server rendering and its
// dependencies (4.9 KiB gzip). The server build keeps react-helmet-async: it writes the head of
// every page's HTML.
//
// Progress bar. theme-classic's client module draws the navigation progress bar with nprogress
// (1.4 KiB gzip in main.js); in the browser build the package resolves to
// src/routing/progressBar.ts, the calls the theme makes with the same elements, timings and steps.
//
// Site config. main.js carries the whole site config; ./browserSiteConfig.cjs leaves out the
// fields only the build reads (the page template, presets, plugin lists…), 0.9 KiB gzip.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, PluginModule } from '@docusaurus/types';
import { purgeStylesheets } from './purgeStylesheets';
import { sidebarChunksModule, sidebarNames } from './sidebarChunks.cjs';

/** The docs plugin's per-version metadata props (`<pluginId>/p/<version route>.json`). */
export const VERSION_METADATA_FILE = /[\\/]docusaurus-plugin-content-docs[\\/][^\\/]+[\\/]p[\\/][^\\/]+\.json$/;

/** core's client module that defines `window.docusaurus` (prefetch and preload). */
export const CORE_CLIENT_MODULE = /@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]docusaurus\.js$/;

/** core's route preload (the client entry, navigation and hovered links call it). */
export const CORE_PRELOAD_MODULE = /@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]preload\.js$/;

/** The CommonJS index of @docusaurus/utils-common, the browser bundle's only tslib user. */
export const UTILS_COMMON_INDEX = /@docusaurus[\\/]utils-common[\\/]lib[\\/]index\.js$/;

/** theme-common's useWindowSize hook. */
export const WINDOW_SIZE_MODULE = /@docusaurus[\\/]theme-common[\\/]lib[\\/]hooks[\\/]useWindowSize\.js$/;

/**
 * theme-common's Collapsible, which the docs sidebar (DocRoot's chunk) and the phone table of
 * contents (DocItem's) both use: too small for a chunk of its own by the bundler's rules, it was
 * in both chunks, and every doc page loads both. One chunk for the two, 0.4 KiB gzip less.
 */
const COLLAPSIBLE_CHUNK = {
  test: /[\\/]@docusaurus[\\/]theme-common[\\/]lib[\\/](components[\\/]Collapsible|utils[\\/]accessibilityUtils)[\\/.]/,
  chunks: 'async' as const,
  minChunks: 2,
  minSize: 0,
  priority: 45,
  reuseExistingChunk: true,
};

/** The object of main.js that holds the sidebars loaded so far (./sidebarChunks.cjs). */
const SIDEBAR_STORE = (siteDir: string) => path.join(siteDir, 'src', 'routing', 'sidebarStore.ts');

/** What src/routing/routePreload.ts imports: each sidebar's chunk (./sidebarChunks.cjs). */
export const SIDEBAR_CHUNKS_MODULE = '@veriq/sidebar-chunks';

/**
 * Writes the sidebar chunks module for the docs version metadata in `generatedFilesDir` and
 * returns its path, or null when there is not exactly one version with sidebars (several
 * versions keep their sidebars in their metadata: a route names its sidebar, not its version).
 */
function writeSidebarChunks(generatedFilesDir: string): string | null {
  const docsDir = path.join(generatedFilesDir, 'docusaurus-plugin-content-docs');
  const candidates = existsSync(docsDir)
    ? readdirSync(docsDir).flatMap((instance) => {
        const dir = path.join(docsDir, instance, 'p');
        return existsSync(dir) ? readdirSync(dir).map((file) => path.join(dir, file)) : [];
      })
    : [];
  const versions = candidates
    .filter((file) => VERSION_METADATA_FILE.test(file))
    .map((file) => ({ file, names: sidebarNames(readFileSync(file, 'utf8')) }))
    .filter((version): version is { file: string; names: string[] } => version.names !== null);
  if (versions.length !== 1) return null;
  const { file, names } = versions[0]!;
  const out = path.join(generatedFilesDir, 'veriq-first-load', 'sidebar-chunks.js');
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, sidebarChunksModule(file, names));
  return out;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export default function firstLoadPlugin(): PluginModule {
  return (context): Plugin => ({
    name: 'veriq-first-load',
    async postBuild({ outDir }) {
      for (const { before, after, bytesBefore, bytesAfter } of await purgeStylesheets(outDir)) {
        console.log(`[first-load] ${before} -> ${after}: unused rules purged, ${bytesBefore} -> ${bytesAfter} bytes`);
      }
    },
    configureWebpack(config, isServer, { currentBundler }) {
      const generated = (file: string) => new RegExp(`^${escapeRegExp(path.join(context.generatedFilesDir, file))}$`);
      // The server keeps core's registry: its module paths are what react-loadable reports. The
      // dev server keeps core's too: its readable chunk names and files, and no content hashes
      // in the way of hot reloading.
      const productionBrowser = !isServer && process.env.NODE_ENV === 'production';
      const browserOnlyRules = !productionBrowser
        ? []
        : [
            { test: generated('registry.js'), use: [{ loader: path.join(__dirname, 'compact-registry-loader.cjs') }] },
            { test: generated('routes.js'), use: [{ loader: path.join(__dirname, 'compact-routes-loader.cjs') }] },
            {
              test: generated('routesChunkNames.json'),
              use: [{ loader: path.join(__dirname, 'compact-routes-chunk-names-loader.cjs') }],
            },
            {
              test: generated('docusaurus.config.mjs'),
              use: [{ loader: path.join(__dirname, 'browser-site-config-loader.cjs') }],
            },
          ];
      // Rspack's persistent cache keys a module on its source and its loaders' paths, not on the
      // loaders' code: without these, a build after a change to a loader here reuses the
      // output of the old one.
      const cache = (config as { experiments?: { cache?: { type?: string } } }).experiments?.cache;
      const loaderFiles = readdirSync(__dirname)
        .filter((file) => file.endsWith('.cjs'))
        .map((file) => path.join(__dirname, file));
      // One docs version: its sidebars become chunks of their own (./sidebarChunks.cjs).
      const sidebarChunks = productionBrowser ? writeSidebarChunks(context.generatedFilesDir) : null;
      const alias: Record<string, string> = {
        [`${SIDEBAR_CHUNKS_MODULE}$`]: sidebarChunks ?? path.join(__dirname, 'no-sidebar-chunks.js'),
        // The browser's head manager and progress bar (see above); the server keeps the libraries.
        ...(isServer
          ? {}
          : {
              'react-helmet-async$': path.join(context.siteDir, 'src', 'head', 'clientHelmet.tsx'),
              nprogress$: path.join(context.siteDir, 'src', 'routing', 'progressBar.ts'),
            }),
      };
      return {
        ...(cache?.type === 'persistent' ? { experiments: { cache: { buildDependencies: loaderFiles } } } : {}),
        resolve: { alias },
        // core's is [name].[contenthash:8].js: with a name in the file name, the runtime every
        // page loads maps each chunk id to its name as well as to its hash.
        ...(productionBrowser
          ? {
              output: { chunkFilename: 'assets/js/[id].[contenthash:8].js' },
              optimization: { splitChunks: { cacheGroups: { collapsible: COLLAPSIBLE_CHUNK } } },
            }
          : {}),
        plugins: [
          new currentBundler.instance.NormalModuleReplacementPlugin(
            CORE_CLIENT_MODULE,
            path.join(context.siteDir, 'src', 'routing', 'docusaurusClient.ts'),
          ),
          new currentBundler.instance.NormalModuleReplacementPlugin(
            CORE_PRELOAD_MODULE,
            path.join(context.siteDir, 'src', 'routing', 'routePreload.ts'),
          ),
          new currentBundler.instance.NormalModuleReplacementPlugin(
            WINDOW_SIZE_MODULE,
            path.join(context.siteDir, 'src', 'components', 'useWindowSize.ts'),
          ),
        ],
        module: {
          rules: [
            // A rule's resolve options apply to the requests of the modules it matches.
            {
              test: UTILS_COMMON_INDEX,
              resolve: { alias: { tslib$: path.join(__dirname, 'tslib-import-default.js') } },
            },
            {
              test: VERSION_METADATA_FILE,
              use: [
                {
                  loader: path.join(__dirname, 'drop-version-docs-loader.cjs'),
                  options: sidebarChunks === null ? {} : { sidebarStore: SIDEBAR_STORE(context.siteDir) },
                },
              ],
              // With its sidebars split, the metadata and each sidebar are JavaScript modules.
              ...(sidebarChunks === null ? {} : { type: 'javascript/auto' }),
            },
            {
              test: generated('globalData.json'),
              use: [{ loader: path.join(__dirname, 'drop-global-data-docs-loader.cjs') }],
            },
            ...browserOnlyRules,
          ],
        },
      };
    },
  });
}
