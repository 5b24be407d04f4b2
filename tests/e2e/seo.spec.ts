import { readFileSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test, expect } from './fixtures';
import { VARIANTS } from './support/variants';
import { listFiles } from '../../tools/lib/listFiles';

// Reads the main production build from disk: no browser needed.
const buildDir = join(process.cwd(), VARIANTS.main.dir);

const pages = listFiles(buildDir, /\.html$/, ['assets'])
  .filter((f) => !f.endsWith('404.html'))
  .map((file) => {
    const html = readFileSync(file, 'utf8');
    // The minified HTML leaves simple attribute values unquoted.
    const tag = (name: string, key: string, value: string) =>
      new RegExp(`<${name}[^>]*\\s${key}=["']?${value}["']?[\\s>][^>]*>`).exec(html)?.[0] ?? '';
    const valueOf = (element: string, key: string) =>
      new RegExp(`\\s${key}=(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`)
        .exec(element)
        ?.slice(1)
        .find((v) => v !== undefined) ?? null;
    return {
      path:
        '/' +
        relative(buildDir, file)
          .replace(/(index)?\.html$/, '')
          .replace(/\/$/, ''),
      title: /<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1] ?? null,
      description: valueOf(tag('meta', 'name', 'description'), 'content'),
      canonical: valueOf(tag('link', 'rel', 'canonical'), 'href'),
      ogImage: valueOf(tag('meta', 'property', 'og:image'), 'content'),
    };
  });

const isGuide = (p: { path: string }) => p.path === '/guides' || p.path.startsWith('/guides/');

test.describe('SEO over the whole build', () => {
  test('every page has a unique title, and every public page a unique meta description', () => {
    expect(pages.length).toBeGreaterThan(170);
    const missing = pages.filter((p) => !p.title || (!isGuide(p) && !p.description)).map((p) => p.path);
    expect(missing).toEqual([]);
    // A guide's description is a sentence of the guide: the build keeps it out of the HTML
    // (plugins/guide-gate), which the gate serves signed-out readers as the page shell.
    expect(pages.filter((p) => isGuide(p) && p.description !== null).map((p) => p.path)).toEqual([]);
    const dupes = (key: 'title' | 'description', among: typeof pages) => {
      const seen = new Map<string, string[]>();
      for (const p of among) seen.set(p[key]!, [...(seen.get(p[key]!) ?? []), p.path]);
      return [...seen.values()].filter((paths) => paths.length > 1);
    };
    expect(dupes('title', pages)).toEqual([]);
    expect(
      dupes(
        'description',
        pages.filter((p) => !isGuide(p)),
      ),
    ).toEqual([]);
  });

  test('canonical URLs have no trailing slash and every page has an Open Graph image', () => {
    const docs = pages.filter((p) => p.path !== '/login/callback');
    for (const p of docs) {
      // Only the home page's canonical URL ends in a slash (it is the origin itself).
      expect.soft(p.canonical, p.path).toMatch(p.path === '/' ? /^https:\/\/[^/]+\/$/ : /^https:\/\/[^/]+\/.*[^/]$/);
      expect.soft(p.ogImage, p.path).toMatch(/\/img\/veriq-social-card\.png$/);
    }
    expect(existsSync(join(buildDir, 'img', 'veriq-social-card.png'))).toBe(true);
  });

  test('the sitemap lists the public docs but no guide and not the login callback; robots.txt points at it', () => {
    const sitemap = readFileSync(join(buildDir, 'sitemap.xml'), 'utf8');
    expect(sitemap).toContain('/install-options</loc>');
    expect(sitemap).toContain('/releases/2025-03</loc>');
    // Guides are private: neither listed nor indexed (the gate answers them with noindex).
    expect(sitemap).not.toMatch(/\/guides[/<]/);
    expect(sitemap).not.toContain('/login/callback');
    const robots = readFileSync(join(buildDir, 'robots.txt'), 'utf8');
    expect(robots).toMatch(/^Sitemap: https:\/\/.+\/sitemap\.xml$/m);
    expect(robots).toContain('Disallow: /login/');
  });
});
