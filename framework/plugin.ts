// The Docusaurus plugin that puts this site's replacements of framework modules in place. Each
// one exists because the framework ships, on every page's first load or main thread, work this
// site does not need; README.md in this folder has the table: what each replaces (package, file,
// version), what it saves (measured), its differential test and how to upgrade it.
//
// Every replacement has a name (./replacements.ts). VERIQ_FRAMEWORK_UPSTREAM=<name>,<name>|all
// builds with those left to the framework, which is how tools/bench/framework.ts measures
// what each one saves. The single-version trims step aside on their own when the site gains a
// docs version or doc cards (./docsVersions.ts).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LoadContext, Plugin, PluginModule } from '@docusaurus/types';
import { compileHints } from './build/compileHints';
import { purgeStylesheets } from './build/purgeStylesheets';
import { RouteScriptsPlugin } from './build/routeScripts';
import { sidebarChunksModule, sidebarNames } from './build/sidebarChunks.cjs';
import { docsUseDocCards, sidebarsUseDocCards, siteDocsVersions } from './docsVersions';
import { REPLACEMENTS, upstreamReplacements, type ReplacementName } from './replacements';

export { REPLACEMENTS, type ReplacementName } from './replacements';

/** The docs plugin's per-version metadata props (`<pluginId>/p/<version route>.json`). */
export const VERSION_METADATA_FILE = /[\\/]docusaurus-plugin-content-docs[\\/][^\\/]+[\\/]p[\\/][^\\/]+\.json$/;
/** core's client module that defines `window.docusaurus` (prefetch and preload). */
export const CORE_CLIENT_MODULE = /@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]docusaurus\.js$/;
/** core's route preload (the client entry, navigation and hovered links call it). */
export const CORE_PRELOAD_MODULE = /@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]preload\.js$/;
/** core's browser entry (client/clientEntry.js). */
export const CORE_CLIENT_ENTRY = /@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]clientEntry\.js$/;
/** The CommonJS index of @docusaurus/utils-common, the browser bundle's only tslib user. */
export const UTILS_COMMON_INDEX = /@docusaurus[\\/]utils-common[\\/]lib[\\/]index\.js$/;
/** theme-common's useWindowSize hook. */
export const WINDOW_SIZE_MODULE = /@docusaurus[\\/]theme-common[\\/]lib[\\/]hooks[\\/]useWindowSize\.js$/;
/**
 * Packages whose modules do nothing when imported but whose package.json declares no
 * `sideEffects`, so the bundler keeps an import of them even when none of its bindings is used.
 * react-router 5 imports both for `withRouter`, which nothing here uses: their 0.8 KiB gzip were in
 * main.js for nothing. (Its prop-types import stays: its `createContext` fallback reads it.)
 */
export const PURE_PACKAGES = /[\\/]node_modules[\\/](?:react-is|hoist-non-react-statics)[\\/]/;
/** theme-classic's client module that registers Prism languages eagerly. */
export const EAGER_PRISM_MODULE = /@docusaurus[\\/]theme-classic[\\/]lib[\\/]prism-include-languages\.js$/;

/** The modules that stand in for the framework's, resolved here so a moved file fails at config load. */
export const MODULES = {
  clientEntry: require.resolve('./client/clientEntry.tsx'),
  docusaurusClient: require.resolve('./client/docusaurusClient.ts'),
  routePreload: require.resolve('./client/routePreload.ts'),
  useWindowSize: require.resolve('./client/useWindowSize.ts'),
  clientHelmet: require.resolve('./head/clientHelmet.tsx'),
  progressBar: require.resolve('./client/progressBar.ts'),
  tslibImportDefault: require.resolve('./client/tslib-import-default.js'),
  noPrismLanguages: require.resolve('./client/no-prism-languages.js'),
  noSidebarChunks: require.resolve('./client/no-sidebar-chunks.js'),
  sidebarStore: require.resolve('./client/sidebarStore.ts'),
  loaders: {
    registry: require.resolve('./build/compact-registry-loader.cjs'),
    routes: require.resolve('./build/compact-routes-loader.cjs'),
    routesChunkNames: require.resolve('./build/compact-routes-chunk-names-loader.cjs'),
    siteConfig: require.resolve('./build/browser-site-config-loader.cjs'),
    versionDocs: require.resolve('./build/drop-version-docs-loader.cjs'),
    globalDataDocs: require.resolve('./build/drop-global-data-docs-loader.cjs'),
  },
};

/**
 * theme-common's Collapsible, which the docs sidebar (DocRoot's chunk) and the phone table of
 * contents (DocItem's) both use: too small for a chunk of its own by the bundler's rules, it was
 * in both chunks, and every doc page loads both.
 */
const COLLAPSIBLE_CHUNK = {
  test: /[\\/]@docusaurus[\\/]theme-common[\\/]lib[\\/](components[\\/]Collapsible|utils[\\/]accessibilityUtils)[\\/.]/,
  chunks: 'async' as const,
  minChunks: 2,
  minSize: 0,
  priority: 45,
  reuseExistingChunk: true,
};

/** What framework/client/routePreload.ts imports: each sidebar's chunk (./build/sidebarChunks.cjs). */
export const SIDEBAR_CHUNKS_MODULE = '@veriq/sidebar-chunks';

/**
 * Writes the sidebar chunks module for the docs version metadata in `generatedFilesDir` and
 * returns its path, or null when there is not exactly one version with sidebars (with several
 * versions a route names its sidebar, not its version, so the sidebars stay in the metadata).
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
  const out = path.join(generatedFilesDir, 'veriq-framework', 'sidebar-chunks.js');
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, sidebarChunksModule(file, names));
  return out;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The replacements in force for this site: those VERIQ_FRAMEWORK_UPSTREAM does not leave to the
 * framework, and of the single-version trims only those the site's docs versions allow
 * (./docsVersions.ts).
 */
export function activeReplacements(
  siteDir: string,
  sidebars: unknown,
  env: NodeJS.ProcessEnv = process.env,
): Set<ReplacementName> {
  const active = new Set(upstreamReplacements(env.VERIQ_FRAMEWORK_UPSTREAM).active);
  // The version dropdown and banner read the docs lists and the per-doc entries.
  if (siteDocsVersions(siteDir).versioned) {
    active.delete('version-docs');
    active.delete('global-data-docs');
  }
  // Doc cards (a generated index page's, or DocCardList in a doc) read each doc's entry.
  if (sidebarsUseDocCards(sidebars) || docsUseDocCards(path.join(siteDir, 'docs'))) active.delete('version-docs');
  return active;
}

export interface FrameworkOptions {
  /** The docs sidebars (content/sidebars/index.ts), read for generated index pages. */
  sidebars: unknown;
}

export default function frameworkPlugin({ sidebars }: FrameworkOptions): PluginModule {
  return (context: LoadContext): Plugin => {
    const active = activeReplacements(context.siteDir, sidebars);
    const on = (name: ReplacementName) => active.has(name);
    const cacheVersion = `upstream:${REPLACEMENTS.filter((name) => !active.has(name)).join(',')}`;
    return {
      name: 'veriq-framework',
      async postBuild({ outDir }) {
        if (!on('purge-css')) return;
        for (const { before, after, bytesBefore, bytesAfter } of await purgeStylesheets(outDir)) {
          console.log(`[framework] ${before} -> ${after}: unused rules purged, ${bytesBefore} -> ${bytesAfter} bytes`);
        }
      },
      configureWebpack(config, isServer, { currentBundler }) {
        const generated = (file: string) => new RegExp(`^${escapeRegExp(path.join(context.generatedFilesDir, file))}$`);
        // The server keeps core's registry: its module paths are what react-loadable reports. The
        // dev server keeps core's too: readable chunk names, and no content hashes in the way of
        // hot reloading.
        const productionBrowser = !isServer && process.env.NODE_ENV === 'production';
        const loaderRule = (test: RegExp, loader: string) => ({ test, use: [{ loader }] });
        const browserOnlyRules = !productionBrowser
          ? []
          : [
              ...(on('route-table')
                ? [
                    loaderRule(generated('registry.js'), MODULES.loaders.registry),
                    loaderRule(generated('routes.js'), MODULES.loaders.routes),
                    loaderRule(generated('routesChunkNames.json'), MODULES.loaders.routesChunkNames),
                  ]
                : []),
              ...(on('site-config')
                ? [loaderRule(generated('docusaurus.config.mjs'), MODULES.loaders.siteConfig)]
                : []),
            ];
        // Rspack's persistent cache keys a module on its source and its loaders' paths, not on the
        // loaders' code: without these, a build after a change to a loader reuses the old output.
        const cache = (config as { experiments?: { cache?: { type?: string; version?: string } } }).experiments?.cache;
        const buildDir = path.dirname(MODULES.loaders.registry);
        const loaderFiles = readdirSync(buildDir)
          .filter((file) => file.endsWith('.cjs'))
          .map((file) => path.join(buildDir, file));
        // One docs version: its sidebars become chunks of their own (./build/sidebarChunks.cjs),
        // which the route preload loads; core's preload would not.
        const sidebarChunks =
          productionBrowser && on('sidebar-chunks') && on('preload')
            ? writeSidebarChunks(context.generatedFilesDir)
            : null;
        const alias: Record<string, string> = {
          [`${SIDEBAR_CHUNKS_MODULE}$`]: sidebarChunks ?? MODULES.noSidebarChunks,
          // The server keeps the libraries: it writes each page's head, and never draws a bar.
          ...(!isServer && on('head') ? { 'react-helmet-async$': MODULES.clientHelmet } : {}),
          ...(!isServer && on('progress-bar') ? { nprogress$: MODULES.progressBar } : {}),
        };
        const swap = (name: ReplacementName, original: RegExp, replacement: string) =>
          on(name) ? [new currentBundler.instance.NormalModuleReplacementPlugin(original, replacement)] : [];
        const versionDocs = on('version-docs') || sidebarChunks !== null;
        return {
          // A build that leaves replacements to the framework gets a cache of its own (core's
          // version, which separates the client's and the server's, plus the replacements left
          // out): the cache would otherwise restore modules our loaders transformed.
          ...(cache?.type === 'persistent'
            ? {
                experiments: {
                  cache: { buildDependencies: loaderFiles, version: `${cache.version ?? ''}-${cacheVersion}` },
                },
              }
            : {}),
          resolve: { alias },
          // core's is [name].[contenthash:8].js: with a name in the file name, the runtime every
          // page loads maps each chunk id to its name as well as to its hash.
          ...(productionBrowser
            ? {
                ...(on('route-table') ? { output: { chunkFilename: 'assets/js/[id].[contenthash:8].js' } } : {}),
                ...(on('collapsible-chunk')
                  ? { optimization: { splitChunks: { cacheGroups: { collapsible: COLLAPSIBLE_CHUNK } } } }
                  : {}),
              }
            : {}),
          plugins: [
            // The dev server keeps core's entry: it accepts hot updates of itself.
            ...(productionBrowser ? swap('client-entry', CORE_CLIENT_ENTRY, MODULES.clientEntry) : []),
            ...swap('prefetch', CORE_CLIENT_MODULE, MODULES.docusaurusClient),
            ...swap('preload', CORE_PRELOAD_MODULE, MODULES.routePreload),
            ...swap('window-size', WINDOW_SIZE_MODULE, MODULES.useWindowSize),
            ...swap('prism-languages', EAGER_PRISM_MODULE, MODULES.noPrismLanguages),
            ...(productionBrowser && on('route-scripts') ? [new RouteScriptsPlugin(context.generatedFilesDir)] : []),
            ...(productionBrowser && on('compile-hints') ? [compileHints(currentBundler.instance)] : []),
          ],
          module: {
            rules: [
              // A rule's resolve options apply to the requests of the modules it matches.
              ...(on('tslib')
                ? [{ test: UTILS_COMMON_INDEX, resolve: { alias: { tslib$: MODULES.tslibImportDefault } } }]
                : []),
              ...(versionDocs
                ? [
                    {
                      test: VERSION_METADATA_FILE,
                      use: [
                        {
                          loader: MODULES.loaders.versionDocs,
                          options: {
                            dropDocs: on('version-docs'),
                            ...(sidebarChunks === null ? {} : { sidebarStore: MODULES.sidebarStore }),
                          },
                        },
                      ],
                      // With its sidebars split, the metadata and each sidebar are JavaScript modules.
                      ...(sidebarChunks === null ? {} : { type: 'javascript/auto' }),
                    },
                  ]
                : []),
              ...(on('global-data-docs')
                ? [loaderRule(generated('globalData.json'), MODULES.loaders.globalDataDocs)]
                : []),
              ...browserOnlyRules,
              ...(on('pure-packages') ? [{ test: PURE_PACKAGES, sideEffects: false }] : []),
            ],
          },
        };
      },
    };
  };
}
