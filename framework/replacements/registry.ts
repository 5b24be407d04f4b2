// Every replacement of a framework module, in the order their bundler rules and plugins apply.
// Adding one: its folder, its import and its entry here (CONTRIBUTING.md, "Adding a framework
// replacement"). A name is what VERIQ_FRAMEWORK_UPSTREAM takes to leave that part to the framework.
import clientEntry from './client-entry/wiring';
import prefetch from './prefetch/wiring';
import preload from './preload/wiring';
import sidebarChunks from './sidebar-chunks/wiring';
import windowSize from './window-size/wiring';
import head from './head/wiring';
import progressBar from './progress-bar/wiring';
import tslib from './tslib/wiring';
import prismLanguages from './prism-languages/wiring';
import versionDocs from './version-docs/wiring';
import globalDataDocs from './global-data-docs/wiring';
import routeTable from './route-table/wiring';
import siteConfig from './site-config/wiring';
import purgeCss from './purge-css/wiring';
import ssrTemplate from './ssr-template/wiring';
import routeScripts from './route-scripts/wiring';
import compileHints from './compile-hints/wiring';

export const REGISTRY = [
  clientEntry,
  prefetch,
  preload,
  sidebarChunks,
  windowSize,
  head,
  progressBar,
  tslib,
  prismLanguages,
  versionDocs,
  globalDataDocs,
  routeTable,
  siteConfig,
  purgeCss,
  ssrTemplate,
  routeScripts,
  compileHints,
] as const;

export type ReplacementName = (typeof REGISTRY)[number]['name'];

export const REPLACEMENTS: readonly ReplacementName[] = REGISTRY.map((replacement) => replacement.name);

const isReplacement = (name: string): name is ReplacementName => (REPLACEMENTS as readonly string[]).includes(name);

for (const { name, needs = [] } of REGISTRY) {
  const unknown = needs.filter((need) => !isReplacement(need));
  if (unknown.length > 0)
    throw new Error(`framework/replacements/${name}: needs ${unknown.join(', ')}, not a replacement`);
}

/**
 * The replacements in force and those left to the framework, from VERIQ_FRAMEWORK_UPSTREAM's
 * value (`all`, or names separated by commas), with every replacement that `needs` one left out
 * too. An unknown name throws: a typo would otherwise measure our module as the framework's.
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
  for (let grown = true; grown;) {
    grown = false;
    for (const { name, needs } of REGISTRY) {
      if (!upstream.has(name) && needs?.some((n) => upstream.has(n as ReplacementName))) {
        upstream.add(name);
        grown = true;
      }
    }
  }
  return { active: REPLACEMENTS.filter((r) => !upstream.has(r)), upstream: [...upstream] };
}
