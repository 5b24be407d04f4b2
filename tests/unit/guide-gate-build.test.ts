import { mkdtemp, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { openSessionAfterLogin, serverSessionOpen, startServerLogin } from '../../src/auth/serverSession';
import { MemoryStorage } from './memoryStorage';
import type * as SplitModule from '../../plugins/guide-gate/articleSplit.cjs';
import guideGatePlugin, { GuideChunkFiles, type CacheConfig } from '../../plugins/guide-gate';
import { publicMarkdown } from '../../plugins/guide-gate/publicMarkdown';
import { hashSource } from '../../plugins/docs-content';
import { parseDoc } from '../../plugins/docs-content/parse';
import type { LoadContext, Plugin } from '@docusaurus/types';

function memoryStorage(items: Record<string, string>): MemoryStorage {
  const storage = new MemoryStorage();
  for (const [k, v] of Object.entries(items)) storage.setItem(k, v);
  return storage;
}

const require = createRequire(import.meta.url);
const split = require('../../plugins/guide-gate/articleSplit.cjs') as typeof SplitModule;

describe('guide article split (plugins/guide-gate)', () => {
  const guide = [
    '---',
    'title: Rules',
    'description: A rule compares two datasets.',
    'sidebar_position: 2',
    '---',
    '',
    '# Rules',
    '',
    'A rule compares two datasets row by row.',
    '',
    '## Create a rule {#create}',
    '',
    '```bash',
    '# not a heading',
    '```',
    '',
    '### Options',
    'Pick the options.',
  ].join('\n');

  it('keeps front matter and headings for the route module, never prose or the description', () => {
    const out = publicMarkdown(parseDoc('docs/guides/rules.md', guide));
    expect(out).toContain('title: Rules');
    expect(out).toContain('sidebar_position: 2');
    expect(out).toContain('# Rules');
    expect(out).toContain('## Create a rule {#create}');
    expect(out).toContain('### Options');
    expect(out).not.toMatch(/compares|not a heading|Pick the options/);
  });

  it('writes every heading the table of contents holds in ATX form, wherever it sits', () => {
    const nested = '## Steps\n\n- First.\n  - Nested.\n\n    ### Deep in a list\n\n> ## Quoted\n\nSetext\n------\n';
    expect(publicMarkdown(parseDoc('docs/guides/steps.md', nested))).toBe(
      '## Steps\n\n### Deep in a list\n\n## Quoted\n\n## Setext\n',
    );
  });

  it("gives the loader the public Markdown of the source it holds, keyed by the source's hash", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'guide-split-'));
    const splitFile = path.join(dir, 'guide-split.json');
    expect(split.sourceHash(guide)).toBe(hashSource(guide));
    await writeFile(splitFile, JSON.stringify({ [hashSource(guide)]: '# Rules\n' }));
    await expect(split.findPublicMarkdown(splitFile, guide, 'rules.md', 0)).resolves.toBe('# Rules\n');
    // An edited guide whose entry is not written yet (npm start): waited for, then found.
    const edited = `${guide}\n## New section\n`;
    const later = setTimeout(() => void writeFile(splitFile, JSON.stringify({ [hashSource(edited)]: '# New\n' })), 150);
    await expect(split.findPublicMarkdown(splitFile, edited, 'rules.md', 5_000)).resolves.toBe('# New\n');
    clearTimeout(later);
    // A Markdown file the docs plugin never loads (a partial) fails instead of compiling its prose.
    await expect(split.findPublicMarkdown(splitFile, 'partial', '_partial.md', 0)).rejects.toThrow(
      /_partial\.md: .* has no public Markdown/,
    );
  });

  const open = { gated: false, idTokenKey: 'id_token' };
  const gated = { gated: true, idTokenKey: 'id_token' };

  it('appends an import of the article, awaited and caught', () => {
    const code = split.articleLoaderCode('/site/docs/guides/rule.md', open);
    expect(code).toContain('import("/site/docs/guides/rule.md?article")');
    expect(code).toMatch(/try \{\s*if \(true\) __guideArticle\.module = await __guideArticle\.load\(\);\s*\} catch/);
    // No chunk name: a named chunk would put its name in the bundler runtime every page loads.
    expect(code).not.toContain('webpackChunkName');
  });

  it("tells an article module by the bundler's module identifier", () => {
    const loaders =
      '/site/plugins/guide-gate/article-loader.cjs??ruleSet[1].rules[15].use[0]!/site/node_modules/@docusaurus/mdx-loader/lib/index.js??ruleSet[1].rules[8].use[0]!';
    expect(split.isArticleModule(`${loaders}/site/docs/guides/connections/databricks.md?article`)).toBe(true);
    expect(split.isArticleModule(`${loaders}/site/docs/guides/rules.mdx?article|a1b2c3`)).toBe(true);
    expect(split.isArticleModule(`${loaders}/site/docs/guides/connections/databricks.md`)).toBe(false);
    expect(split.isArticleModule('/site/src/access/GuideArticle.tsx')).toBe(false);
    expect(split.isArticleModule('/site/docs/guides/notes.md?articles')).toBe(false);
  });

  it('with the gate enforced, asks for the article only on the server or with a stored id token', () => {
    const code = split.articleLoaderCode('/site/docs/guides/rule.md', gated);
    const condition = /if \((.*)\) __guideArticle/.exec(code)![1];
    const wanted = (window: unknown) =>
      (new Function('window', `return ${condition};`) as (w: unknown) => boolean)(window);
    const browser = (token: string | null) => ({
      localStorage: { getItem: (k: string) => (k === 'id_token' ? token : null) },
    });
    expect(wanted(undefined)).toBe(true);
    expect(wanted(browser('a.b.c'))).toBe(true);
    expect(wanted(browser(null))).toBe(false);
    const blocked = {
      get localStorage(): never {
        throw new Error('storage disabled');
      },
    };
    expect(wanted(blocked)).toBe(false);
  });

  it('drops descriptions from guide metadata only', () => {
    const guideMeta = JSON.stringify({
      source: '@site/docs/guides/rule.md',
      description: 'x',
      frontMatter: { description: 'x', title: 'T' },
    });
    expect(JSON.parse(split.dropGuideDescription(guideMeta))).toEqual({
      source: '@site/docs/guides/rule.md',
      frontMatter: { title: 'T' },
    });
    const other = JSON.stringify({ source: '@site/docs/install-options.md', description: 'kept' });
    expect(split.dropGuideDescription(other)).toBe(other);
  });
});

describe('guide article chunk files (plugins/guide-gate)', () => {
  it("lists the JS files of the chunks holding an article, from the browser build's chunk graph", () => {
    let afterEmit: ((compilation: unknown) => void) | undefined;
    const collector = new GuideChunkFiles();
    collector.apply({ hooks: { afterEmit: { tap: (_name, hook) => void (afterEmit = hook as typeof afterEmit) } } });
    expect(collector.paths).toBeNull();
    const module = (identifier: string) => ({ identifier: () => identifier });
    const chunks = [
      { files: ['assets/js/12.aaaa.js'], modules: [module('/l.cjs!/site/docs/guides/rule.md?article')] },
      { files: ['assets/js/7.bbbb.js'], modules: [module('/l.cjs!/site/docs/guides/rule.md')] },
      {
        files: ['assets/css/3.cccc.css', 'assets/js/3.cccc.js'],
        modules: [module('/x.js'), module('/site/docs/guides/a.mdx?article|9f')],
      },
    ];
    afterEmit!({
      chunks,
      chunkGraph: { getChunkModules: (chunk: (typeof chunks)[number]) => chunk.modules },
    });
    expect(collector.paths).toEqual(['/assets/js/12.aaaa.js', '/assets/js/3.cccc.js']);
  });
});

describe("the bundler's persistent cache (plugins/guide-gate)", () => {
  // An open build (preview, SKIP_AUTH) after a gated one once reused the gated route modules,
  // so its browser loaded no article and hydration failed (React's mismatch error 418).
  const versionOf = (open: boolean, cache: CacheConfig['experiments']) => {
    const plugin = guideGatePlugin({} as Parameters<typeof guideGatePlugin>[0], { open, identity: null })(
      { siteDir: '/site', generatedFilesDir: '/site/.docusaurus' } as LoadContext,
      undefined,
    ) as Plugin;
    const result = plugin.configureWebpack!({ experiments: cache }, false, {} as never, undefined) as CacheConfig;
    const merged = result.experiments?.cache;
    return typeof merged === 'object' ? merged.version : undefined;
  };
  const persistent = { cache: { type: 'persistent', version: '3.10.2-abc' } };

  it('gives an open and a gated build caches of their own, each the same from build to build', () => {
    const open = versionOf(true, persistent);
    const gated = versionOf(false, persistent);
    expect(open).toMatch(/^3\.10\.2-abc-guide-gate-[0-9a-f]{12}$/);
    expect(gated).toMatch(/^3\.10\.2-abc-guide-gate-[0-9a-f]{12}$/);
    expect(open).not.toBe(gated);
    expect(versionOf(true, persistent)).toBe(open);
  });

  it('leaves a build without a persistent cache as it is', () => {
    expect(versionOf(true, {})).toBeUndefined();
    expect(versionOf(false, { cache: { type: 'memory' } })).toBeUndefined();
  });
});

describe('server session from the browser (src/auth/serverSession)', () => {
  it('starts the sign-in on the server, which binds the nonce to this browser', async () => {
    const fetch = vi.fn(async () => Response.json({ nonce: 'server-nonce' }));
    expect(await startServerLogin(fetch)).toEqual({ ok: true, nonce: 'server-nonce' });
    expect(fetch).toHaveBeenCalledWith('/_auth/login', expect.objectContaining({ method: 'POST' }));
    // No gate (npm start) or an open one: the browser's own nonce.
    expect(await startServerLogin(async () => new Response(null, { status: 404 }))).toEqual({ ok: true, nonce: null });
    expect(await startServerLogin(async () => Response.json({ nonce: null }))).toEqual({ ok: true, nonce: null });
    // A server that cannot sign sessions says so; the sign-in does not go to the provider.
    const refused = await startServerLogin(async () =>
      Response.json({ error: 'SESSION_SECRET is not set' }, { status: 503 }),
    );
    expect(refused).toEqual({ ok: false, reason: expect.stringContaining('SESSION_SECRET') as unknown });
    expect(await startServerLogin(async () => Promise.reject(new TypeError('offline')))).toMatchObject({ ok: false });
  });

  it('hands the token over (the server checks its nonce against its cookie) and keeps the tokens when accepted', async () => {
    const storage = memoryStorage({ id_token: 'tok', access_token: 'acc' });
    const fetch = vi.fn(async () => Response.json({ expiresAt: 1 }));
    expect(await openSessionAfterLogin(storage, fetch)).toEqual({ ok: true });
    expect(fetch).toHaveBeenCalledWith(
      '/_auth/session',
      expect.objectContaining({ method: 'POST', body: '{"idToken":"tok"}' }),
    );
    expect(storage.getItem('id_token')).toBe('tok');
  });

  it('drops the tokens and says why when the server refuses', async () => {
    const storage = memoryStorage({ id_token: 'tok', access_token: 'acc' });
    const fetch = vi.fn(async () =>
      Response.json({ error: 'The id token is not valid (ERR_JWS_SIGNATURE_VERIFICATION_FAILED).' }, { status: 401 }),
    );
    const result = await openSessionAfterLogin(storage, fetch);
    expect(result).toEqual({ ok: false, reason: expect.stringContaining('not valid') as unknown });
    expect(storage.getItem('id_token')).toBeNull();
    expect(storage.getItem('access_token')).toBeNull();
  });

  it('treats a host without the gate (404, npm start) as the client gate only', async () => {
    const storage = memoryStorage({ id_token: 'tok' });
    expect(await openSessionAfterLogin(storage, async () => new Response(null, { status: 404 }))).toEqual({
      ok: true,
    });
  });

  it('tells a lost session from a network failure', async () => {
    expect(await serverSessionOpen(async () => new Response(null, { status: 401 }))).toBe(false);
    expect(await serverSessionOpen(async () => new Response(null, { status: 204 }))).toBe(true);
    expect(await serverSessionOpen(async () => Promise.reject(new TypeError('offline')))).toBeNull();
  });
});
