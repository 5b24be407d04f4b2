import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BENCH_PAGE_TYPES } from '../../tools/bench/pages';
import { sourceOfRoute } from '../../tools/bench/stockSite';

describe('the stock baseline copies the measured pages', () => {
  const docs = mkdtempSync(join(tmpdir(), 'bench-stock-'));
  mkdirSync(join(docs, 'guides', 'connections'), { recursive: true });
  mkdirSync(join(docs, 'releases'), { recursive: true });
  writeFileSync(join(docs, 'intro.md'), '');
  writeFileSync(join(docs, 'guides', 'connections', 'snowflake.md'), '');
  writeFileSync(join(docs, 'releases', 'index.mdx'), '');

  it('finds a route as a file, as a folder index, and the home page as its doc', () => {
    expect(sourceOfRoute(docs, '/guides/connections/snowflake', 'intro')).toBe('guides/connections/snowflake.md');
    expect(sourceOfRoute(docs, '/releases', 'intro')).toBe('releases/index.mdx');
    expect(sourceOfRoute(docs, '/', 'intro')).toBe('intro.md');
  });

  it('names a route without a source', () => {
    expect(() => sourceOfRoute(docs, '/nowhere', 'intro')).toThrow('No Markdown source for /nowhere');
  });

  it('the real pages the bench measures have sources in this repository', () => {
    for (const { path } of BENCH_PAGE_TYPES) {
      expect(() => sourceOfRoute('docs', path, 'intro')).not.toThrow();
    }
  });
});
