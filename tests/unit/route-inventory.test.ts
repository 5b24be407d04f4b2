import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routes } from '../e2e/routes';
import { parsePage } from '../../scripts/content/rules';
import { listFiles } from '../../scripts/listFiles';

const docsDir = join(process.cwd(), 'docs');

/** The route Docusaurus serves a doc at: its `slug` front matter, else its path under docs/. */
function routeOf(file: string): string {
  const { frontMatter } = parsePage(file, readFileSync(file, 'utf8'));
  if (frontMatter.slug) return frontMatter.slug;
  return '/' + relative(docsDir, file).replace(/\.md$/, '');
}

// The e2e inventory and the pages on disk must agree both ways: a page missing from the
// inventory is never checked in a browser, and an inventory route without a page is a 404.
describe('route inventory', () => {
  const pages = listFiles(docsDir, /\.md$/).map(routeOf).sort();

  it('lists every page under docs/', () => {
    expect(pages.filter((r) => !routes.includes(r))).toEqual([]);
  });

  it('lists only routes that have a page', () => {
    expect(routes.filter((r) => !pages.includes(r))).toEqual([]);
  });

  it('covers the spec: 177 documentation routes', () => {
    expect(routes).toHaveLength(177);
  });
});
