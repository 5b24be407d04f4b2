import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import sidebars from '../../sidebars';
import { listFiles } from '../../scripts/listFiles';
import {
  CORE_CLIENT_MODULE,
  CORE_PRELOAD_MODULE,
  UTILS_COMMON_INDEX,
  WINDOW_SIZE_MODULE,
} from '../../plugins/first-load';
import { windowSizeOf } from '../../src/components/useWindowSize';
import { trickle } from '../../src/routing/progressBar';

const require = createRequire(import.meta.url);
const { dropVersionDocs, dropGlobalDataDocs } = require('../../plugins/first-load/dropVersionDocs.cjs') as {
  dropVersionDocs: (json: string) => string;
  dropGlobalDataDocs: (json: string) => string;
};

// The loader's transformation; tests/e2e/first-load.spec.ts checks that a build applies it to
// the chunk every doc page loads.
describe('first-load trims', () => {
  it("empties the version docs, leaves docId and unlisted: false out of the sidebars' items, and keeps everything else", () => {
    const link = (label: string, docId: string, unlisted = false) => ({
      type: 'link',
      label,
      href: `/${docId}`,
      docId,
      unlisted,
    });
    const metadata = {
      version: {
        version: 'current',
        docsSidebars: {
          install: [
            link('Intro', 'intro'),
            {
              type: 'category',
              label: 'Get started',
              items: [link('Sizing', 'sizing'), link('Hidden', 'hidden', true)],
              collapsed: true,
              collapsible: true,
            },
            { type: 'html', value: '<hr>' },
          ],
        },
        docs: { intro: { id: 'intro', title: 'Introduction', description: 'Long prose.', sidebar: 'install' } },
      },
    };
    expect(JSON.parse(dropVersionDocs(JSON.stringify(metadata)))).toEqual({
      version: {
        version: 'current',
        docs: {},
        docsSidebars: {
          install: [
            { type: 'link', label: 'Intro', href: '/intro' },
            {
              type: 'category',
              label: 'Get started',
              items: [
                { type: 'link', label: 'Sizing', href: '/sizing' },
                { type: 'link', label: 'Hidden', href: '/hidden', unlisted: true },
              ],
              collapsed: true,
              collapsible: true,
            },
            { type: 'html', value: '<hr>' },
          ],
        },
      },
    });
    expect(dropVersionDocs('{"other":true}')).toBe('{"other":true}');
    expect(dropVersionDocs('{"version":{"docs":null}}')).toBe('{"version":{"docs":null}}');
  });

  it('leaves useDocById (DocCard) the only reader of the version docs', () => {
    // Every variable holding the version props (`const x = useDocsVersion()`) in the docs
    // plugin's client and the classic theme, and each `x.docs[id]` read (in the props, docs are
    // keyed by id). The theme's banner and dropdown read the global data's versions, whose docs
    // (an array, searched with find) stay.
    const dirs = [
      dirname(require.resolve('@docusaurus/plugin-content-docs/lib/client/index.js')),
      join(dirname(require.resolve('@docusaurus/theme-classic/package.json')), 'lib', 'theme'),
    ];
    const reads: string[] = [];
    for (const file of dirs.flatMap((dir) => listFiles(dir, /\.js$/))) {
      const code = readFileSync(file, 'utf8');
      for (const [, name] of code.matchAll(/const (\w+) = useDocsVersion\(\)/g)) {
        for (const read of code.matchAll(new RegExp(`\\b${name}\\.docs\\[`, 'g')))
          reads.push(`${basename(file)}:${read[0]}`);
      }
    }
    expect(reads).toEqual(['docsUtils.js:version.docs[']);
    const client = readFileSync(join(dirs[0]!, 'docsUtils.js'), 'utf8');
    expect(client).toMatch(/export function useDocById\(id\) \{\s*const version = useDocsVersion\(\);/);
  });

  it("leaves DocCard the only reader of a sidebar item's docId, and reads unlisted as a flag", () => {
    const roots = [
      dirname(require.resolve('@docusaurus/plugin-content-docs/lib/client/index.js')),
      join(dirname(require.resolve('@docusaurus/theme-classic/package.json')), 'lib', 'theme'),
      dirname(require.resolve('@docusaurus/theme-common')),
      join(__dirname, '..', '..', 'src'),
    ];
    const files = roots.flatMap((dir) => listFiles(dir, /^(?!.*\.d\.ts$).*\.(js|tsx?)$/));
    const docIdReaders = files.filter((file) =>
      /\bitem\.docId\b|\{[^}]*\bdocId\b[^}]*\}\s*=\s*item\b/.test(readFileSync(file, 'utf8')),
    );
    expect(docIdReaders.map((file) => relative(dirname(dirname(file)), file))).toEqual(['DocCard/index.js']);
    const unlistedReads = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/[!\w.]*\bitem\.unlisted\b[^\n;]{0,20}/g)].map((m) => m[0]),
    );
    expect(unlistedReads.length).toBeGreaterThan(0);
    for (const read of unlistedReads) expect(read).toMatch(/^!item\.unlisted\b/);
    // And the site renders no DocCard: the content lint rejects DocCardList in the docs.
    expect(readFileSync(join(__dirname, '../../scripts/content/rules.ts'), 'utf8')).toContain('DocCardList');
  });

  it("empties the docs lists of the docs plugin's global data and keeps everything else", () => {
    const version = {
      name: 'current',
      path: '/',
      mainDocId: 'intro',
      docs: [{ id: 'intro', path: '/', sidebar: 'install' }],
      draftIds: [],
      sidebars: { install: { link: { path: '/', label: 'Introduction' } } },
    };
    const data = { 'docusaurus-plugin-content-docs': { default: { path: '/', versions: [version] } }, other: { x: 1 } };
    expect(JSON.parse(dropGlobalDataDocs(JSON.stringify(data)))).toEqual({
      ...data,
      'docusaurus-plugin-content-docs': { default: { path: '/', versions: [{ ...version, docs: [] }] } },
    });
    expect(dropGlobalDataDocs('{"other":true}')).toBe('{"other":true}');
  });

  it("leaves the global data's docs to readers this site does not render", () => {
    // Who reads the lists: the theme's active-doc lookup (getActiveDocContext), useLayoutDoc,
    // and the version banner's link to the latest version's main doc.
    const client = dirname(require.resolve('@docusaurus/plugin-content-docs/lib/client/index.js'));
    const theme = join(dirname(require.resolve('@docusaurus/theme-classic/package.json')), 'lib', 'theme');
    const readers = [...listFiles(client, /\.js$/), ...listFiles(theme, /\.js$/)]
      .filter((file) =>
        /useActiveDocContext\(|useLayoutDoc\(|useDocVersionSuggestions\(|version\.docs\.find|=> version\.docs\)/.test(
          readFileSync(file, 'utf8'),
        ),
      )
      .map((file) => relative(dirname(dirname(file)), file))
      .sort();
    expect(readers).toEqual([
      'DocVersionBanner/index.js',
      'NavbarItem/DocNavbarItem.js',
      'NavbarItem/DocSidebarNavbarItem.js',
      'NavbarItem/DocsVersionDropdownNavbarItem.js',
      'NavbarItem/DocsVersionNavbarItem.js',
      'client/docsUtils.js',
      'client/index.js',
    ]);
    // The navbar items among them are not registered (tests/unit/navbar-types.test.ts checks
    // the registered ones); the banner renders on versions with a banner only, and the site has
    // one version (no versions.json), without one.
    const types = readFileSync(join(__dirname, '../../src/theme/NavbarItem/ComponentTypes.tsx'), 'utf8');
    expect(types).not.toMatch(/@theme\/NavbarItem\/(DocNavbarItem|DocSidebarNavbarItem|DocsVersion\w*NavbarItem)'/);
    expect(existsSync(join(__dirname, '../../versions.json'))).toBe(false);
    // One version, `current`, the last one, which has no banner unless the config sets one.
    const siteConfig = readFileSync(join(__dirname, '../../docusaurus.config.ts'), 'utf8');
    expect(siteConfig).toContain("lastVersion: 'current',");
    expect(siteConfig).not.toMatch(/\bbanner\s*:/);
  });

  it('leaves no sidebar relying on descriptions (generated index pages list DocCards)', () => {
    expect(JSON.stringify(sidebars)).not.toContain('generated-index');
  });
});

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

// plugins/first-load swaps three framework modules for ours. When a Docusaurus upgrade changes an
// original, these fail: carry the change over to our module, then record the new hash.
describe('the replaced framework modules', () => {
  it("core's client/docusaurus.js (window.docusaurus) is src/routing/docusaurusClient.ts's original", () => {
    const resolved = require.resolve('@docusaurus/core/lib/client/docusaurus.js');
    expect(resolved).toMatch(CORE_CLIENT_MODULE);
    expect(sha256(resolved)).toBe('b0d1dbdc1e3a706fe1ffd91c726d8348c5e4ed6ac95a716f549eb58127a4b202');
    // Only clientEntry imports it, to mount it on window: nothing else sees the replacement.
    expect(readFileSync(require.resolve('@docusaurus/core/lib/client/clientEntry.js'), 'utf8')).toContain(
      "import docusaurus from './docusaurus';",
    );
  });

  it("core's client/preload.js is src/routing/routePreload.ts's original", () => {
    const resolved = require.resolve('@docusaurus/core/lib/client/preload.js');
    expect(resolved).toMatch(CORE_PRELOAD_MODULE);
    expect(sha256(resolved)).toBe('8c1e3de18d307e2fb4aee43f765f1d06b05357889b9923467bef44a358683542');
    // Ours defers the first call only, which must be the client entry's, made while main.js runs.
    const clientEntry = readFileSync(require.resolve('@docusaurus/core/lib/client/clientEntry.js'), 'utf8');
    expect(clientEntry).toContain('preload(window.location.pathname).then(');
  });

  it("theme-common's useWindowSize is src/components/useWindowSize.ts's original", () => {
    // The package's exports hide its files: found beside its entry point (lib/index.js).
    const resolved = join(dirname(require.resolve('@docusaurus/theme-common')), 'hooks', 'useWindowSize.js');
    expect(resolved).toMatch(WINDOW_SIZE_MODULE);
    expect(sha256(resolved)).toBe('a32a46c867130090a4d785590da6f9cc69789eb67a94a5386fc6416857b91872');
    // The breakpoint ours keeps: Infima's CSS switches layouts at the same width.
    expect(readFileSync(resolved, 'utf8')).toContain('const DesktopBreakpoint = 996;');
  });

  it('tells desktop from mobile at the theme breakpoint', () => {
    expect(windowSizeOf(997)).toBe('desktop');
    expect(windowSizeOf(996)).toBe('mobile');
    expect(windowSizeOf(412)).toBe('mobile');
    expect(windowSizeOf(1200, 1280)).toBe('mobile');
  });
});

describe("utils-common's tslib", () => {
  const index = join(dirname(require.resolve('@docusaurus/utils-common')), 'index.js');

  it('is the CommonJS index that plugins/first-load gives a one-helper tslib', () => {
    expect(index).toMatch(UTILS_COMMON_INDEX);
    expect(readFileSync(index, 'utf8')).toContain('require("tslib")');
  });

  it('uses no tslib helper but __importDefault, in any of its files', () => {
    const lib = dirname(index);
    const helpers = new Set<string>();
    for (const file of readdirSync(lib).filter((name) => name.endsWith('.js'))) {
      for (const [, helper] of readFileSync(join(lib, file), 'utf8').matchAll(/tslib_1\.(\w+)/g)) helpers.add(helper!);
    }
    expect([...helpers]).toEqual(['__importDefault']);
  });

  it('gets the same __importDefault as tslib', async () => {
    const slim = (await import('../../plugins/first-load/tslib-import-default.js')) as {
      __importDefault: (mod: unknown) => unknown;
    };
    const tslib = require('tslib') as { __importDefault: (mod: unknown) => unknown };
    const esModule = { __esModule: true, default: 1 };
    const commonJs = { answer: 42 };
    expect(slim.__importDefault(esModule)).toBe(esModule);
    expect(slim.__importDefault(commonJs)).toEqual(tslib.__importDefault(commonJs));
    expect(slim.__importDefault(null)).toEqual(tslib.__importDefault(null));
  });
});

describe('the browser site config', () => {
  const { BUILD_ONLY_FIELDS, BUILD_ONLY_PRISM_FIELDS, browserSiteConfig } =
    require('../../plugins/first-load/browserSiteConfig.cjs') as {
      BUILD_ONLY_FIELDS: string[];
      BUILD_ONLY_PRISM_FIELDS: string[];
      browserSiteConfig: (source: string) => string;
    };
  // core's genSiteConfig (server/codegen/codegen.js) writes a comment, then the config as JSON.
  const generated = (config: object) =>
    `/*\n * AUTOGENERATED - DON'T EDIT\n */\nexport default ${JSON.stringify(config, null, 2)};\n`;

  it('leaves out the build-only fields and keeps the rest', () => {
    const config = {
      title: 'Veriq',
      ssrTemplate: '<html>',
      presets: [['classic', {}]],
      future: { v4: true },
      themeConfig: {
        navbar: { title: 'Veriq Docs' },
        prism: {
          theme: { plain: {}, styles: [] },
          darkTheme: { plain: {}, styles: [] },
          additionalLanguages: ['sql'],
          magicComments: [{ line: 'x' }],
        },
      },
    };
    const out = browserSiteConfig(generated(config));
    expect(JSON.parse(out.replace(/^export default /, '').replace(/;\n$/, ''))).toEqual({
      title: 'Veriq',
      future: { v4: true },
      themeConfig: { navbar: { title: 'Veriq Docs' }, prism: { magicComments: [{ line: 'x' }] } },
    });
    expect(browserSiteConfig(generated({ title: 'No theme config' }))).toContain('"No theme config"');
    expect(() => browserSiteConfig('module.exports = {};')).toThrow('changed shape');
  });

  it('is the shape core 3.8 generates', () => {
    const codegen = readFileSync(require.resolve('@docusaurus/core/lib/server/codegen/codegen.js'), 'utf8');
    expect(codegen).toContain('export default ${JSON.stringify(siteConfig, null, 2)};\n`);');
  });

  it('drops fields no browser code reads', () => {
    const roots = [
      dirname(require.resolve('@docusaurus/core/lib/client/clientEntry.js')),
      join(dirname(require.resolve('@docusaurus/theme-classic/package.json')), 'lib', 'theme'),
      dirname(require.resolve('@docusaurus/theme-common')),
      dirname(require.resolve('@docusaurus/plugin-content-docs/lib/client/index.js')),
      join(__dirname, '..', '..', 'src'),
    ];
    const readers: string[] = [];
    const files = roots.flatMap((dir) => listFiles(dir, /^(?!.*\.d\.ts$).*\.(js|tsx?)$/));
    // The scan reaches core's client, the themes and this site's own code.
    expect(files.some((file) => file.endsWith(join('src', 'auth', 'AuthProvider.tsx')))).toBe(true);
    expect(files.some((file) => file.endsWith('clientEntry.js'))).toBe(true);
    for (const file of files) {
      const code = readFileSync(file, 'utf8');
      for (const field of BUILD_ONLY_FIELDS) {
        if (
          new RegExp(
            `\\b(siteConfig|config)\\.${field}\\b|\\b${field}\\b[^;]*\\}\\s*=\\s*(siteConfig|useDocusaurusContext)`,
          ).test(code)
        )
          readers.push(`${file}: ${field}`);
      }
    }
    expect(readers).toEqual([]);
    expect(BUILD_ONLY_FIELDS).toContain('ssrTemplate');
  });

  it("drops the Prism themes, which only the theme's code block components read, and the site replaces them", () => {
    const theme = join(dirname(require.resolve('@docusaurus/theme-classic/package.json')), 'lib', 'theme');
    const site = join(__dirname, '..', '..', 'src');
    const readers = [theme, dirname(require.resolve('@docusaurus/theme-common')), site]
      .flatMap((dir) => listFiles(dir, /^(?!.*\.d\.ts$).*\.(js|tsx?)$/))
      .filter((file) => {
        const code = readFileSync(file, 'utf8');
        return (
          /\busePrismTheme\(/.test(code) ||
          new RegExp(`\\bprism\\??\\.(${BUILD_ONLY_PRISM_FIELDS.join('|')})\\b`).test(code) ||
          /\{[^}]*\bprism\b[^}]*\}\s*=\s*useThemeConfig\(\)/.test(code)
        );
      })
      .map((file) => relative(join(__dirname, '..', '..'), file));
    // The theme's readers: the hook itself, and the code block parts this site replaces. The
    // theme's CodeBlock/Content/String reads the magic comments, which the trim keeps.
    const shadowed = (file: string) => {
      const inTheme = relative(theme, join(__dirname, '..', '..', file)).replace(/\.js$/, '');
      return !inTheme.startsWith('..') && ['.tsx', '.ts'].some((ext) => existsSync(join(site, 'theme', inTheme + ext)));
    };
    expect(readers.filter((file) => !shadowed(file))).toEqual([
      'node_modules/@docusaurus/theme-classic/lib/theme/CodeBlock/Content/String.js',
      'node_modules/@docusaurus/theme-common/lib/hooks/usePrismTheme.js',
      'src/theme/CodeBlock/index.tsx',
    ]);
    // The site's code block reads what String reads, for a block the build did not see.
    const codeBlock = readFileSync(join(site, 'theme', 'CodeBlock', 'index.tsx'), 'utf8');
    expect([...new Set(codeBlock.match(/\bprism\.\w+/g))].sort()).toEqual([
      'prism.defaultLanguage',
      'prism.magicComments',
    ]);
    expect(
      readFileSync(require.resolve('@docusaurus/theme-classic/lib/theme/CodeBlock/Content/String.js'), 'utf8'),
    ).toMatch(/magicComments: prism\.magicComments,\s*defaultLanguage: prism\.defaultLanguage,/);
    expect(readers).toContain('node_modules/@docusaurus/theme-classic/lib/theme/CodeBlock/Container/index.js');
  });
});

// plugins/first-load resolves nprogress to src/routing/progressBar.ts in the browser build.
describe('the progress bar', () => {
  it("is drawn for theme-classic's client module, which calls configure, start and done only", () => {
    const resolved = join(dirname(require.resolve('@docusaurus/theme-classic')), 'nprogress.js');
    expect(sha256(resolved)).toBe('58b21ff3eb278f6cd3932e02e92a50108dac3a7e3f014813fefc70335eaab48f');
    const calls = readFileSync(resolved, 'utf8').match(/\bnprogress\.\w+\(/g);
    expect(new Set(calls)).toEqual(new Set(['nprogress.configure(', 'nprogress.start(', 'nprogress.done(']));
    // The settings progressBar.ts keeps are nprogress 0.2.0's.
    expect(JSON.parse(readFileSync(require.resolve('nprogress/package.json'), 'utf8')).version).toBe('0.2.0');
  });

  it('trickles as nprogress does: up to 2% a step, never to the end', () => {
    expect(trickle(0.08, 0)).toBe(0.08);
    expect(trickle(0.08, 1)).toBeCloseTo(0.1);
    expect(trickle(0.99, 1)).toBe(0.994);
  });
});

// src/theme/DocVersionBanner and src/theme/ContentVisibility load the theme's components only
// when they would render something: their conditions must stay the originals'.
describe('banners loaded on demand', () => {
  const theme = join(dirname(require.resolve('@docusaurus/theme-classic/package.json')), 'lib', 'theme');
  const original = (name: string) => readFileSync(join(theme, name, 'index.js'), 'utf8');
  const wrapper = (name: string) =>
    readFileSync(join(__dirname, '..', '..', 'src', 'theme', name, 'index.tsx'), 'utf8');

  it('shows the version banner on a version with a banner only, as the theme does', () => {
    expect(original('DocVersionBanner')).toMatch(
      /const versionMetadata = useDocsVersion\(\);\s*if \(versionMetadata\.banner\) \{\s*return \(\s*<DocVersionBannerEnabled[^]*?\}\s*return null;\s*\}/,
    );
    expect(wrapper('DocVersionBanner')).toMatch(
      /const \{ banner \} = useDocsVersion\(\);\s*if \(!banner\) return null;/,
    );
  });

  it('shows the unlisted and draft banners on such pages only, as the theme does', () => {
    const code = original('ContentVisibility');
    const rendered = [...code.matchAll(/\{([^{}]+) && <(\w+) \/>\}/g)].map((m) => [m[1], m[2]]);
    expect(rendered).toEqual([
      ['(unlisted || frontMatter.unlisted)', 'Unlisted'],
      ['frontMatter.draft', 'Draft'],
    ]);
    expect(code).toContain('const {unlisted, frontMatter} = metadata;');
    expect(wrapper('ContentVisibility')).toContain(
      'if (!unlisted && !frontMatter.unlisted && !frontMatter.draft) return null;',
    );
  });
});
