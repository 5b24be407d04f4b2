// The framework plugin's bundler configuration for 200 combinations of replacements left to the
// framework, builds and docs versions, compared with plugin-config.expected.json, which the plugin
// wrote before the replacements moved into folders of their own (the record:
// maintainers/decisions/2026-11-27-framework-replacement-units.md). To accept an intended change:
// UPDATE_PLUGIN_CONFIG=1 npx vitest run tests/unit/framework/plugin-config.test.ts, then prettier.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import frameworkPlugin, { activeReplacements } from '../../../framework/plugin';
import { listFiles } from '../../../tools/lib/listFiles';

const ROOT = process.cwd();
const FIXTURE = join(__dirname, 'plugin-config.expected.json');
const NAMES = [
  'client-entry',
  'prefetch',
  'preload',
  'sidebar-chunks',
  'window-size',
  'head',
  'progress-bar',
  'tslib',
  'prism-languages',
  'route-table',
  'site-config',
  'version-docs',
  'global-data-docs',
  'purge-css',
  'ssr-template',
  'route-scripts',
  'compile-hints',
];

class NormalModuleReplacementPlugin {
  constructor(
    readonly resourceRegExp: RegExp,
    readonly newResource: string,
  ) {}
}
class BannerPlugin {
  constructor(readonly options: object) {}
}
const currentBundler = {
  name: 'rspack',
  instance: { NormalModuleReplacementPlugin, BannerPlugin, Compilation: { PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE: 400 } },
};

const temporary: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), `plugin-config-${prefix}-`));
  temporary.push(dir);
  return dir;
};
afterAll(() => temporary.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const VERSIONED_SITE = (() => {
  const dir = tempDir('site');
  writeFileSync(join(dir, 'versions.json'), '["6.4"]');
  return dir;
})();
const SITES = {
  'one version': { siteDir: ROOT, sidebars: {} },
  'two versions': { siteDir: VERSIONED_SITE, sidebars: {} },
  'doc cards': {
    siteDir: ROOT,
    sidebars: { guide: [{ type: 'category', label: 'All', link: { type: 'generated-index' }, items: [] }] },
  },
} as const;
type Site = keyof typeof SITES;

/** The docs plugin's per-version metadata files core would have generated. */
const GENERATED = { 'one metadata': ['current.json'], 'two metadata': ['current.json', 'version-6-4.json'], none: [] };
type Generated = keyof typeof GENERATED;

const BUILDS = {
  'browser production': { isServer: false, NODE_ENV: 'production' },
  'server production': { isServer: true, NODE_ENV: 'production' },
  'browser development': { isServer: false, NODE_ENV: 'development' },
  'server development': { isServer: true, NODE_ENV: 'development' },
} as const;
type Build = keyof typeof BUILDS;

const INPUTS = {
  'persistent cache': { experiments: { cache: { type: 'persistent', version: 'core-1' } } },
  'no cache': {},
};
type Input = keyof typeof INPUTS;

interface Combo {
  site: Site;
  generated: Generated;
  upstream: string;
  build: Build;
  input: Input;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** JSON with class instances named, regular expressions as text and temporary paths replaced. */
function normalise(value: unknown, dirs: Record<string, string>): unknown {
  const json = JSON.stringify(value, function replacer(this: unknown, _key, inner: unknown) {
    if (inner instanceof RegExp) return `/${inner.source}/${inner.flags}`;
    if (typeof inner === 'function') return `[function ${inner.name}]`;
    if (inner && typeof inner === 'object' && !Array.isArray(inner)) {
      const proto = Object.getPrototypeOf(inner) as object | null;
      if (proto !== Object.prototype && proto !== null) return { new: inner.constructor.name, ...inner };
    }
    return inner;
  });
  let text = json;
  for (const [dir, label] of Object.entries(dirs)) {
    for (const form of [dir, escapeRegExp(dir), escapeRegExp(dir).replaceAll('/', '\\/')])
      text = text.split(JSON.stringify(form).slice(1, -1)).join(label);
  }
  return JSON.parse(text) as unknown;
}

interface Config {
  experiments?: { cache?: { buildDependencies?: string[]; version?: string } };
}

/** The loaders' files, whatever folder they live in, and the upstream names, whatever their order. */
function normaliseCache(config: Config): void {
  const cache = config.experiments?.cache;
  if (!cache) return;
  const loaders = listFiles(join(ROOT, 'framework'), /\.cjs$/).sort();
  if (JSON.stringify([...(cache.buildDependencies ?? [])].sort()) === JSON.stringify(loaders)) {
    cache.buildDependencies = ['<every .cjs file under framework/>'];
  }
  const version = /^(.*-upstream:)(.*)$/.exec(cache.version ?? '');
  if (version) cache.version = version[1] + version[2].split(',').filter(Boolean).sort().join(',');
}

async function configOf(combo: Combo) {
  const { siteDir, sidebars } = SITES[combo.site];
  const generatedFilesDir = tempDir('generated');
  for (const name of GENERATED[combo.generated]) {
    const file = join(generatedFilesDir, 'docusaurus-plugin-content-docs', 'default', 'p', name);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, JSON.stringify({ version: { docs: {}, docsSidebars: { install: [], 'my docs': [] } } }));
  }
  const saved = { NODE_ENV: process.env.NODE_ENV, VERIQ_FRAMEWORK_UPSTREAM: process.env.VERIQ_FRAMEWORK_UPSTREAM };
  process.env.VERIQ_FRAMEWORK_UPSTREAM = combo.upstream;
  process.env.NODE_ENV = BUILDS[combo.build].NODE_ENV;
  try {
    const plugin = frameworkPlugin({ sidebars })({ siteDir, generatedFilesDir } as never, {}) as unknown as {
      name: string;
      postBuild(props: { outDir: string }): Promise<void>;
      configureWebpack(config: object, isServer: boolean, utils: object): Config;
    };
    const config = plugin.configureWebpack(structuredClone(INPUTS[combo.input]), BUILDS[combo.build].isServer, {
      currentBundler,
    });
    normaliseCache(config);
    const sidebarChunks = join(generatedFilesDir, 'veriq-framework', 'sidebar-chunks.js');
    const writes = existsSync(sidebarChunks)
      ? { 'veriq-framework/sidebar-chunks.js': readFileSync(sidebarChunks, 'utf8') }
      : {};
    // A purge of a folder that does not exist throws; a purge left to the framework does nothing.
    const postBuild = await plugin.postBuild({ outDir: join(generatedFilesDir, 'no-build') }).then(
      () => 'skips',
      () => 'purges',
    );
    return {
      name: plugin.name,
      active: [...activeReplacements(siteDir, sidebars, process.env)].sort(),
      postBuild,
      config: normalise(
        { ...config, writes },
        { [generatedFilesDir]: '<generated>', [siteDir]: '<site>', [ROOT]: '<repo>' },
      ),
    };
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

function combos(): Combo[] {
  const list: Combo[] = [];
  const add = (sites: Site[], generated: Generated[], upstream: string[], builds: Build[], inputs: Input[]) => {
    for (const site of sites)
      for (const g of generated)
        for (const u of upstream)
          for (const build of builds)
            for (const input of inputs) list.push({ site, generated: g, upstream: u, build, input });
  };
  const builds = Object.keys(BUILDS) as Build[];
  // Every replacement left to the framework in turn, all of them, none, and a few together.
  const upstream = ['', 'all', ...NAMES, 'head,preload', 'route-table,version-docs,site-config,global-data-docs'];
  add(['one version'], ['one metadata'], upstream, builds, ['persistent cache']);
  add(['one version'], ['two metadata', 'none'], ['', 'preload', 'all'], builds, ['persistent cache']);
  add(
    ['two versions', 'doc cards'],
    ['one metadata', 'two metadata', 'none'],
    ['', 'all', 'version-docs', 'sidebar-chunks', 'preload', 'global-data-docs'],
    ['browser production', 'server production'],
    ['persistent cache'],
  );
  add(
    ['one version', 'two versions'],
    ['one metadata'],
    ['', 'all', 'route-table'],
    ['browser production', 'server production'],
    ['no cache'],
  );
  return list;
}

const keyOf = (c: Combo) => `${c.site} | ${c.generated} | upstream=${c.upstream || '-'} | ${c.build} | ${c.input}`;

/**
 * The results by combination, with each distinct configuration stored once, and each plugin, rule,
 * cache and written file of a configuration stored once as a part.
 */
async function snapshot() {
  const parts: Record<string, unknown> = {};
  const configs: Record<string, unknown> = {};
  const ids = new Map<string, string>();
  const intern = (table: Record<string, unknown>, prefix: string, value: unknown) => {
    const text = `${prefix}:${JSON.stringify(value)}`;
    let id = ids.get(text);
    if (id === undefined) {
      id = `${prefix} ${Object.keys(table).length}`;
      ids.set(text, id);
      table[id] = value;
    }
    return id;
  };
  const part = (value: unknown) => intern(parts, 'part', value);
  const results: Record<string, string> = {};
  for (const combo of combos()) {
    const { name, active, postBuild, config } = await configOf(combo);
    const { experiments, plugins, module, writes, ...rest } = config as {
      experiments?: unknown;
      plugins: unknown[];
      module: { rules: unknown[] };
      writes: unknown;
    };
    const id = intern(configs, 'config', {
      ...(experiments === undefined ? {} : { experiments: part(experiments) }),
      ...rest,
      plugins: plugins.map(part),
      module: { ...module, rules: module.rules.map(part) },
      writes: part(writes),
    });
    const upstream = NAMES.filter((n) => !(active as string[]).includes(n));
    results[keyOf(combo)] = `${name}: ${id}; postBuild ${postBuild}; upstream: ${upstream.join(',') || '-'}`;
  }
  return { combos: results, configs, parts };
}

describe("the framework plugin's bundler configuration", () => {
  it('is the one recorded for every combination of replacements, builds and docs versions', async () => {
    const actual = await snapshot();
    if (process.env.UPDATE_PLUGIN_CONFIG) writeFileSync(FIXTURE, `${JSON.stringify(actual, null, 2)}\n`);
    const expected = JSON.parse(readFileSync(FIXTURE, 'utf8')) as typeof actual;
    // Whole configurations, combination by combination, so that a failure names the combination.
    const resolved = ({ combos, configs, parts }: typeof actual) =>
      Object.entries(combos).map(([key, result]) => {
        const config = configs[/config \d+/.exec(result)![0]] as { plugins: string[]; module: { rules: string[] } };
        const resolve = (value: unknown) => (typeof value === 'string' && value in parts ? parts[value] : value);
        return {
          key,
          result: result.replace(/config \d+/, ''),
          config: {
            ...Object.fromEntries(Object.entries(config).map(([k, v]) => [k, resolve(v)])),
            plugins: config.plugins.map(resolve),
            module: { ...config.module, rules: config.module.rules.map(resolve) },
          },
        };
      });
    const want = resolved(expected);
    const got = resolved(actual);
    expect(got.map((c) => c.key)).toEqual(want.map((c) => c.key));
    got.forEach((combo, i) => expect(combo).toEqual(want[i]));
  });
});
