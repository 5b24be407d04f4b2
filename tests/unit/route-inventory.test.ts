import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { routes } from '../e2e/routes';
import { parsePage } from '../../scripts/content/rules';

const docsDir = join(process.cwd(), 'docs');

function listMarkdown(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    return statSync(full).isDirectory() ? listMarkdown(full) : name.endsWith('.md') ? [full] : [];
  });
}

/** The route Docusaurus serves a doc at: its `slug` front matter, else its path under docs/. */
function routeOf(file: string): string {
  const { frontMatter } = parsePage(file, readFileSync(file, 'utf8'));
  if (frontMatter.slug) return frontMatter.slug;
  return '/' + relative(docsDir, file).replace(/\.md$/, '');
}

// The e2e inventory and the pages on disk must agree both ways: a page missing from the
// inventory is never checked in a browser, and an inventory route without a page is a 404.
describe('route inventory', () => {
  const pages = listMarkdown(docsDir).map(routeOf).sort();

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
