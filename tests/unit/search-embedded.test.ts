import { describe, expect, it, vi } from 'vitest';
import { createEmbeddedClient, createIndex, searchIndex } from '../../src/search/embeddedClient';
import { escapeHtml, highlight, snippet } from '../../src/search/highlight';
import type { SearchRecord } from '../../src/search/records';

const records: SearchRecord[] = [
  {
    id: '/guides/connections/snowflake',
    title: 'Snowflake',
    section: '',
    category: 'Guides › Connections',
    content: 'Connect Veriq to a Snowflake warehouse with a key pair or a password.',
    url: '/guides/connections/snowflake',
  },
  {
    id: '/guides/connections/snowflake#network-policy',
    title: 'Snowflake',
    section: 'Network policy',
    category: 'Guides › Connections',
    content: 'Allow the engine pods in the <network policy> of the account & retry.',
    url: '/guides/connections/snowflake#network-policy',
  },
  {
    id: '/backup-recovery#snapshots',
    title: 'Backup and recovery',
    section: 'Snapshots',
    category: 'Installation',
    content: 'Take a snapshot of the warehouse volumes before every upgrade.',
    url: '/backup-recovery#snapshots',
  },
];

describe('embedded client response contract', () => {
  const index = createIndex(records);

  it('answers with the InstantSearch / Typesense adapter shape', () => {
    const res = searchIndex(index, { indexName: 'docs', params: { query: 'snowflake', page: 0, hitsPerPage: 20 } });
    expect(res).toMatchObject({ nbHits: 2, page: 0, nbPages: 1, hitsPerPage: 20, query: 'snowflake', params: '' });
    expect(typeof res.processingTimeMS).toBe('number');
    const hit = res.hits[0];
    expect(Object.keys(hit).sort()).toEqual(['_highlightResult', '_snippetResult', 'category', 'objectID', 'section', 'title', 'url']);
    expect(hit.objectID).toBe(hit.url);
    expect(hit._highlightResult?.title).toEqual({ value: '<mark>Snowflake</mark>', matchLevel: 'full', matchedWords: ['snowflake'] });
    expect(hit._highlightResult?.category?.matchLevel).toBe('none');
    expect(hit._highlightResult?.url?.value).toContain('<mark>snowflake</mark>');
    expect(hit._snippetResult?.content?.matchLevel).toBe('full');
  });

  it('boosts title over content and matches prefixes and typos', () => {
    expect(searchIndex(index, { indexName: 'docs', params: { query: 'warehouse' } }).hits.map((h) => h.url)).toHaveLength(2);
    expect(searchIndex(index, { indexName: 'docs', params: { query: 'snowflak' } }).hits[0].title).toBe('Snowflake');
    expect(searchIndex(index, { indexName: 'docs', params: { query: 'snapshto' } }).hits[0].url).toBe('/backup-recovery#snapshots');
    expect(searchIndex(index, { indexName: 'docs', params: { query: 'snap' } }).hits[0].section).toBe('Snapshots');
  });

  it('escapes HTML before marking with <mark>, and keeps raw text with InstantSearch placeholder tags', () => {
    const marked = searchIndex(index, { indexName: 'docs', params: { query: 'policy' } }).hits[0];
    expect(marked._snippetResult?.content?.value).toContain('&lt;network <mark>policy</mark>&gt; of the account &amp; retry');
    const res = searchIndex(index, {
      indexName: 'docs',
      params: { query: 'policy', highlightPreTag: '__ais-highlight__', highlightPostTag: '__/ais-highlight__' },
    });
    const hit = res.hits[0];
    expect(hit._highlightResult?.section?.value).toBe('Network __ais-highlight__policy__/ais-highlight__');
    // React renders the parsed parts as text, as it does for Typesense's unescaped snippets.
    expect(hit._snippetResult?.content?.value).toContain('<network __ais-highlight__policy__/ais-highlight__> of the account & retry');
  });

  it('pages with a zero-based page number', () => {
    const first = searchIndex(index, { indexName: 'docs', params: { query: 'snowflake warehouse', hitsPerPage: 2, page: 0 } });
    const second = searchIndex(index, { indexName: 'docs', params: { query: 'snowflake warehouse', hitsPerPage: 2, page: 1 } });
    expect(first).toMatchObject({ nbHits: 3, nbPages: 2, page: 0 });
    expect(first.hits).toHaveLength(2);
    expect(second.hits).toHaveLength(1);
    expect(new Set([...first.hits, ...second.hits].map((h) => h.objectID)).size).toBe(3);
  });

  it('returns no hits for an empty query and for a query that matches nothing', () => {
    expect(searchIndex(index, { indexName: 'docs', params: { query: '' } })).toMatchObject({ hits: [], nbHits: 0, nbPages: 0 });
    expect(searchIndex(index, { indexName: 'docs', params: { query: 'zzzzqqq' } }).nbHits).toBe(0);
  });

  it('loads the records once, on the first search or warm-up, and retries a failed load', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(records);
    const client = createEmbeddedClient(load);
    expect(load).not.toHaveBeenCalled();
    await expect(client.search([{ indexName: 'docs', params: { query: 'snapshot' } }])).rejects.toThrow('offline');
    await client.warm();
    const { results } = await client.search([
      { indexName: 'docs', params: { query: 'snapshot' } },
      { indexName: 'docs', params: { query: 'policy' } },
    ]);
    expect(load).toHaveBeenCalledTimes(2);
    expect(results.map((r) => r.nbHits)).toEqual([1, 1]);
  });
});

describe('highlight helpers', () => {
  it('escapes everything that is not a mark', () => {
    expect(escapeHtml(`<a href="x">&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;');
    expect(highlight('<b>Rule</b> rules', new Set(['rule']), 2)).toEqual({
      value: '&lt;b&gt;<mark>Rule</mark>&lt;/b&gt; rules',
      matchLevel: 'partial',
      matchedWords: ['rule'],
    });
  });

  it('cuts a snippet around the first match with ellipses', () => {
    const text = Array.from({ length: 100 }, (_, i) => `w${i}`).join(' ');
    const s = snippet(text, new Set(['w50']), 1, { pre: '[', post: ']' }, 10);
    expect(s.value).toBe('… w48 w49 [w50] w51 w52 w53 w54 w55 w56 w57 …');
    expect(s.matchLevel).toBe('full');
    expect(snippet('short text', new Set(), 1).value).toBe('short text');
  });
});
