import { readFileSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test, expect } from './fixtures';
import { VARIANTS } from './support/variants';
import { listFiles } from '../../scripts/listFiles';

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

test.describe('SEO over the whole build', () => {
  test('every page has a unique title and a unique meta description', () => {
    expect(pages.length).toBeGreaterThan(170);
    const missing = pages.filter((p) => !p.title || !p.description).map((p) => p.path);
    expect(missing).toEqual([]);
    const dupes = (key: 'title' | 'description') => {
      const seen = new Map<string, string[]>();
      for (const p of pages) seen.set(p[key]!, [...(seen.get(p[key]!) ?? []), p.path]);
      return [...seen.values()].filter((paths) => paths.length > 1);
    };
    expect(dupes('title')).toEqual([]);
    expect(dupes('description')).toEqual([]);
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

  test('the sitemap lists the docs but not the login callback; robots.txt points at it', () => {
    const sitemap = readFileSync(join(buildDir, 'sitemap.xml'), 'utf8');
    expect(sitemap).toContain('/guides/concept</loc>');
    expect(sitemap).not.toContain('/login/callback');
    const robots = readFileSync(join(buildDir, 'robots.txt'), 'utf8');
    expect(robots).toMatch(/^Sitemap: https:\/\/.+\/sitemap\.xml$/m);
    expect(robots).toContain('Disallow: /login/');
  });
});
