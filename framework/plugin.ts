// The Docusaurus plugin that puts this site's replacements of framework modules in place: each
// unit under ./replacements/ returns its share of the bundler configuration, merged here in
// registry order (./replacements/registry.ts). README.md has the table of units.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Configuration } from 'webpack';
import type { LoadContext, Plugin, PluginModule } from '@docusaurus/types';
import { REGISTRY, REPLACEMENTS, upstreamReplacements, type ReplacementName } from './replacements/registry';
import type { Fragment, WiringContext } from './replacements/replacement';

export { REPLACEMENTS, type ReplacementName } from './replacements/registry';

// Rspack's persistent cache keys a module on its source and its loaders' paths, not on the
// loaders' code: without these as build dependencies, a changed loader's old output is reused.
const LOADER_FILES = readdirSync(path.join(__dirname, 'replacements'), { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && entry.name.endsWith('.cjs'))
  .map((entry) => path.join(entry.parentPath, entry.name))
  .sort();

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The replacements in force for this site: those VERIQ_FRAMEWORK_UPSTREAM does not leave to the
 * framework, less those the site's docs make step aside (a second docs version, doc cards).
 */
export function activeReplacements(
  siteDir: string,
  sidebars: unknown,
  env: NodeJS.ProcessEnv = process.env,
): Set<ReplacementName> {
  const active = new Set(upstreamReplacements(env.VERIQ_FRAMEWORK_UPSTREAM).active);
  for (const replacement of REGISTRY) {
    if (replacement.stepsAside?.({ siteDir, sidebars })) active.delete(replacement.name);
  }
  return active;
}

type Mergeable = Record<string, unknown>;
const isPlainObject = (value: unknown): value is Mergeable =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** Merges plain objects key by key; two units setting one value differently is an error. */
function deepMerge(into: Mergeable, from: Mergeable, at: string): Mergeable {
  for (const [key, value] of Object.entries(from)) {
    const current = into[key];
    if (isPlainObject(current) && isPlainObject(value)) into[key] = deepMerge({ ...current }, value, `${at}.${key}`);
    else if (current === undefined || current === value) into[key] = value;
    else throw new Error(`framework: two replacements set ${at}.${key}`);
  }
  return into;
}

/** Aliases merged, plugins and module rules concatenated, the rest deep-merged, in order. */
function mergeFragments(fragments: readonly Fragment[]): Configuration {
  const merged = (key: 'experiments' | 'output' | 'optimization') => {
    const parts = fragments.flatMap((fragment) => (fragment[key] ? [fragment[key] as Mergeable] : []));
    return parts.length === 0 ? {} : { [key]: parts.reduce((all, part) => deepMerge(all, part, key), {}) };
  };
  return {
    ...merged('experiments'),
    resolve: { alias: Object.assign({}, ...fragments.map((fragment) => fragment.alias)) as Record<string, string> },
    ...merged('output'),
    ...merged('optimization'),
    plugins: fragments.flatMap((fragment) => fragment.plugins ?? []),
    module: { rules: fragments.flatMap((fragment) => fragment.rules ?? []) },
  };
}

export interface FrameworkOptions {
  /** The docs sidebars (content/sidebars/index.ts), read for generated index pages. */
  sidebars: unknown;
}

export default function frameworkPlugin({ sidebars }: FrameworkOptions): PluginModule {
  return (context: LoadContext): Plugin => {
    const active = activeReplacements(context.siteDir, sidebars);
    const inForce = REGISTRY.filter((replacement) => active.has(replacement.name));
    const cacheVersion = `upstream:${REPLACEMENTS.filter((name) => !active.has(name)).join(',')}`;
    return {
      name: 'veriq-framework',
      async postBuild(props) {
        for (const replacement of inForce) await replacement.postBuild?.(props);
      },
      configureWebpack(config, isServer, { currentBundler }) {
        const wiring: WiringContext = {
          isServer,
          productionBrowser: !isServer && process.env.NODE_ENV === 'production',
          generated: (file) => new RegExp(`^${escapeRegExp(path.join(context.generatedFilesDir, file))}$`),
          generatedFilesDir: context.generatedFilesDir,
          bundler: currentBundler.instance,
          active: (name) => active.has(name),
        };
        // A build that leaves replacements to the framework gets a cache of its own (core's
        // version, plus the names left out): it would otherwise restore modules our loaders wrote.
        const cache = (config.experiments as { cache?: { type?: string; version?: string } } | undefined)?.cache;
        const cacheFragment: Fragment =
          cache?.type === 'persistent'
            ? {
                experiments: {
                  cache: { buildDependencies: LOADER_FILES, version: `${cache.version ?? ''}-${cacheVersion}` },
                },
              }
            : {};
        return mergeFragments([
          cacheFragment,
          ...REGISTRY.map(
            (replacement) =>
              (active.has(replacement.name) ? replacement.webpack?.(wiring) : replacement.whenUpstream?.(wiring)) ?? {},
          ),
        ]);
      },
    };
  };
}
