// The single-version trims are decisions the site's own files make: on the fixture site
// (tests/fixtures/versioned-site) the test follows framework/README.md's procedure for adding a
// second docs version, with the docs plugin's own `docs:version` command, and checks that the
// trims that assume one version step aside, in the plugin's bundler configuration too.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import frameworkPlugin, { activeReplacements } from '../../../framework/plugin';
import { siteDocsVersions } from '../../../framework/docsVersions';

const require = createRequire(import.meta.url);
const UNITS = join(__dirname, '..', '..', '..', 'framework', 'replacements');
const MODULES = {
  globalDataDocsLoader: join(UNITS, 'global-data-docs', 'drop-global-data-docs-loader.cjs'),
  versionDocsLoader: join(UNITS, 'version-docs', 'drop-version-docs-loader.cjs'),
  sidebarStore: join(UNITS, 'sidebar-chunks', 'sidebarStore.ts'),
  noSidebarChunks: join(UNITS, 'sidebar-chunks', 'no-sidebar-chunks.js'),
};
const FIXTURE = join(__dirname, '..', '..', 'fixtures', 'versioned-site');
const { default: cli } = require('@docusaurus/plugin-content-docs/lib/cli.js') as {
  default: {
    cliDocsVersionCommand(
      version: string,
      options: { id: string; path: string; sidebarPath: string },
      context: {
        siteDir: string;
        i18n: { locales: string[]; defaultLocale: string; path: string; localeConfigs: object };
      },
    ): Promise<void>;
  };
};

function copyFixture(): string {
  const dir = mkdtempSync(join(tmpdir(), 'versioned-site-'));
  cpSync(FIXTURE, dir, { recursive: true });
  return dir;
}

const sidebarsOf = (dir: string) => JSON.parse(readFileSync(join(dir, 'sidebars.json'), 'utf8')) as unknown;

/** Step 1 of the procedure: `npx docusaurus docs:version 6.4`. */
async function addVersion(dir: string, version: string): Promise<void> {
  await cli.cliDocsVersionCommand(
    version,
    { id: 'default', path: 'docs', sidebarPath: join(dir, 'sidebars.json') },
    {
      siteDir: dir,
      i18n: { locales: ['en'], defaultLocale: 'en', path: 'i18n', localeConfigs: { en: { path: 'en' } } },
    },
  );
}

interface Rule {
  test?: RegExp;
  use?: { loader: string; options?: Record<string, unknown> }[];
}

/** The plugin's bundler configuration for the production browser build of the site at `dir`. */
function browserConfig(dir: string, versionFiles: string[]) {
  const generatedFilesDir = join(dir, '.docusaurus');
  for (const name of versionFiles) {
    const file = join(generatedFilesDir, 'docusaurus-plugin-content-docs', 'default', 'p', name);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, JSON.stringify({ version: { docs: {}, docsSidebars: { install: [] } } }));
  }
  const plugin = frameworkPlugin({ sidebars: sidebarsOf(dir) })(
    { siteDir: dir, generatedFilesDir } as never,
    {},
  ) as unknown as {
    configureWebpack: (
      config: object,
      isServer: boolean,
      utils: object,
    ) => {
      module: { rules: Rule[] };
      resolve: { alias: Record<string, string> };
    };
  };
  const NODE_ENV = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    const config = plugin.configureWebpack({}, false, {
      currentBundler: {
        instance: {
          NormalModuleReplacementPlugin: class {},
          BannerPlugin: class {},
          Compilation: { PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE: 400 },
        },
      },
    });
    const loaders = config.module.rules.flatMap((rule) => rule.use ?? []);
    return { loaders, sidebarChunks: config.resolve.alias['@veriq/sidebar-chunks$'] };
  } finally {
    process.env.NODE_ENV = NODE_ENV;
  }
}

describe('adding a second docs version', () => {
  it('makes the single-version trims step aside', async () => {
    const dir = copyFixture();
    const before = activeReplacements(dir, sidebarsOf(dir), {});
    expect(siteDocsVersions(dir)).toEqual({ released: [], versioned: false });
    expect(before).toContain('version-docs');
    expect(before).toContain('global-data-docs');
    const single = browserConfig(dir, ['current.json']);
    expect(single.loaders).toContainEqual({ loader: MODULES.globalDataDocsLoader });
    expect(single.loaders.find((l) => l.loader === MODULES.versionDocsLoader)?.options).toMatchObject({
      dropDocs: true,
      sidebarStore: MODULES.sidebarStore,
    });
    expect(single.sidebarChunks).not.toBe(MODULES.noSidebarChunks);

    await addVersion(dir, '6.4');

    expect(siteDocsVersions(dir)).toEqual({ released: ['6.4'], versioned: true });
    expect(readFileSync(join(dir, 'versioned_docs', 'version-6.4', 'install.md'), 'utf8')).toContain('# Install');
    const after = activeReplacements(dir, sidebarsOf(dir), {});
    expect(after).not.toContain('version-docs');
    expect(after).not.toContain('global-data-docs');
    // The rest stays: they do not depend on how many versions there are.
    expect([...before].filter((name) => !after.has(name))).toEqual(['version-docs', 'global-data-docs']);
    const versioned = browserConfig(dir, ['current.json', 'version-6-4.json']);
    expect(versioned.loaders).not.toContainEqual({ loader: MODULES.globalDataDocsLoader });
    // The version metadata reaches the browser as the docs plugin wrote it.
    expect(versioned.loaders.map((l) => l.loader)).not.toContain(MODULES.versionDocsLoader);
    // Two versions' sidebars stay in their metadata: a route names its sidebar, not its version.
    expect(versioned.sidebarChunks).toBe(MODULES.noSidebarChunks);
  });

  it('keeps the docs entries for doc cards: a generated index page or DocCardList', () => {
    const dir = copyFixture();
    const withIndex = {
      install: [{ type: 'category', label: 'All', link: { type: 'generated-index' }, items: ['intro'] }],
    };
    expect(activeReplacements(dir, withIndex, {})).not.toContain('version-docs');
    writeFileSync(
      join(dir, 'docs', 'overview.mdx'),
      "import DocCardList from '@theme/DocCardList';\n\n<DocCardList />\n",
    );
    expect(activeReplacements(dir, sidebarsOf(dir), {})).not.toContain('version-docs');
    expect(activeReplacements(dir, sidebarsOf(dir), {})).toContain('global-data-docs');
  });

  it('leaves a replacement to the framework on request, and refuses an unknown name', () => {
    const dir = copyFixture();
    expect(activeReplacements(dir, {}, { VERIQ_FRAMEWORK_UPSTREAM: 'head,preload' })).not.toContain('head');
    // Our route preload loads the sidebar chunks; core's would not.
    expect(activeReplacements(dir, {}, { VERIQ_FRAMEWORK_UPSTREAM: 'preload' })).not.toContain('sidebar-chunks');
    expect(activeReplacements(dir, {}, { VERIQ_FRAMEWORK_UPSTREAM: 'all' }).size).toBe(0);
    expect(() => activeReplacements(dir, {}, { VERIQ_FRAMEWORK_UPSTREAM: 'helmet' })).toThrow('not a replacement');
  });
});
