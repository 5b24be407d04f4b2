// The names of this site's replacements of framework modules, one per row of README.md's table.
// A name is what VERIQ_FRAMEWORK_UPSTREAM takes to leave that part to the framework.

export const REPLACEMENTS = [
  /** core's client/clientEntry.js (main.js evaluated in one task) → client/clientEntry.tsx */
  'client-entry',
  /** core's client/docusaurus.js (link prefetching) → client/docusaurusClient.ts */
  'prefetch',
  /** core's client/preload.js → client/routePreload.ts */
  'preload',
  /** the docs version metadata's sidebars → a chunk per sidebar (build/sidebarChunks.cjs); needs `preload` */
  'sidebar-chunks',
  /** theme-common's useWindowSize → client/useWindowSize.ts */
  'window-size',
  /** react-helmet-async in the browser → head/clientHelmet.tsx */
  'head',
  /** nprogress in the browser → client/progressBar.ts */
  'progress-bar',
  /** tslib for @docusaurus/utils-common → client/tslib-import-default.js */
  'tslib',
  /** theme-classic's prism-include-languages → client/no-prism-languages.js */
  'prism-languages',
  /** core's generated registry.js, routes.js, routesChunkNames.json and chunk file names */
  'route-table',
  /** core's generated browser site config */
  'site-config',
  /** the docs version metadata's per-doc entries */
  'version-docs',
  /** the docs global data's lists of docs */
  'global-data-docs',
  /** theme-common's Collapsible in one chunk instead of two */
  'collapsible-chunk',
  /** the stylesheet, purged after the build */
  'purge-css',
  /** core's page template (ssgTemplate.html.js) → ssrTemplate.ts */
  'ssr-template',
  /** react-loadable's client manifest, which finds no route chunk → build/routeScripts.ts */
  'route-scripts',
  /** the entry chunks, compiled function by function on the main thread → V8's compile hint on each */
  'compile-hints',
  /** react-router's imports of react-is and hoist-non-react-statics, kept for their side effects (none) → dropped */
  'pure-packages',
] as const;

export type ReplacementName = (typeof REPLACEMENTS)[number];

const isReplacement = (name: string): name is ReplacementName => (REPLACEMENTS as readonly string[]).includes(name);

/**
 * The replacements in force and those left to the framework, from VERIQ_FRAMEWORK_UPSTREAM's
 * value (`all`, or names separated by commas). An unknown name throws: a typo would otherwise
 * measure or test our module while claiming the framework's.
 */
export function upstreamReplacements(value: string | undefined): {
  active: ReplacementName[];
  upstream: ReplacementName[];
} {
  const names = (value ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const upstream = new Set<ReplacementName>();
  for (const name of names) {
    if (name === 'all') REPLACEMENTS.forEach((r) => upstream.add(r));
    else if (isReplacement(name)) upstream.add(name);
    else throw new Error(`VERIQ_FRAMEWORK_UPSTREAM: "${name}" is not a replacement (${REPLACEMENTS.join(', ')}, all)`);
  }
  // The sidebar chunks are loaded by our route preload only.
  if (upstream.has('preload')) upstream.add('sidebar-chunks');
  return { active: REPLACEMENTS.filter((r) => !upstream.has(r)), upstream: [...upstream] };
}
