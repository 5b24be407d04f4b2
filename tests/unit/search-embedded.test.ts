import fc from 'fast-check';
import MiniSearch from 'minisearch';
import { describe, expect, it, vi } from 'vitest';
import { buildSearchAssets, fileStem } from '../../plugins/search-records/assets';
import { createEmbeddedClient, type EmbeddedSource } from '../../src/search/embeddedClient';
import { createIndex, openIndex, openIndexAsync } from '../../shared/search/indexSchema';
import { searchIndex } from '../../shared/search/ranking';
import { escapeHtml, highlight, snippet } from '../../shared/search/highlight';
import {
  packIndex,
  unpackIndex,
  unpackIndexAsync,
  type PackedIndex,
  type PageContent,
} from '../../shared/search/packedIndex';
import type { SearchRecord } from '../../shared/search/records';

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

const byUrl = new Map(records.map((r) => [r.url, r.content]));
const contentOf = (url: string) => byUrl.get(url);

describe('embedded client response contract', () => {
  const index = createIndex(records);
  const search = (params: Record<string, unknown>) => searchIndex(index, { indexName: 'docs', params }, contentOf);

  it('answers with the InstantSearch / Typesense adapter shape', () => {
    const res = search({ query: 'snowflake', page: 0, hitsPerPage: 20 });
    expect(res).toMatchObject({ nbHits: 2, page: 0, nbPages: 1, hitsPerPage: 20, query: 'snowflake', params: '' });
    expect(typeof res.processingTimeMS).toBe('number');
    const hit = res.hits[0];
    expect(Object.keys(hit).sort()).toEqual([
      '_highlightResult',
      '_snippetResult',
      'category',
      'objectID',
      'section',
      'title',
      'url',
    ]);
    expect(hit.objectID).toBe(hit.url);
    expect(hit._highlightResult?.title).toEqual({
      value: '<mark>Snowflake</mark>',
      matchLevel: 'full',
      matchedWords: ['snowflake'],
    });
    expect(hit._highlightResult?.category?.matchLevel).toBe('none');
    expect(hit._highlightResult?.url?.value).toContain('<mark>snowflake</mark>');
    expect(hit._snippetResult?.content?.matchLevel).toBe('full');
  });

  it('boosts title over content and matches prefixes and typos', () => {
    expect(search({ query: 'warehouse' }).hits.map((h) => h.url)).toHaveLength(2);
    expect(search({ query: 'snowflak' }).hits[0].title).toBe('Snowflake');
    expect(search({ query: 'snapshto' }).hits[0].url).toBe('/backup-recovery#snapshots');
    expect(search({ query: 'snap' }).hits[0].section).toBe('Snapshots');
  });

  it('escapes HTML before marking with <mark>, and keeps raw text with InstantSearch placeholder tags', () => {
    const marked = search({ query: 'policy' }).hits[0];
    expect(marked._snippetResult?.content?.value).toContain(
      '&lt;network <mark>policy</mark>&gt; of the account &amp; retry',
    );
    const res = search({
      query: 'policy',
      highlightPreTag: '__ais-highlight__',
      highlightPostTag: '__/ais-highlight__',
    });
    const hit = res.hits[0];
    expect(hit._highlightResult?.section?.value).toBe('Network __ais-highlight__policy__/ais-highlight__');
    // React renders the parsed parts as text, as it does for Typesense's unescaped snippets.
    expect(hit._snippetResult?.content?.value).toContain(
      '<network __ais-highlight__policy__/ais-highlight__> of the account & retry',
    );
  });

  it('pages with a zero-based page number', () => {
    const first = search({ query: 'snowflake snapshot', hitsPerPage: 2, page: 0 });
    const second = search({ query: 'snowflake snapshot', hitsPerPage: 2, page: 1 });
    expect(first).toMatchObject({ nbHits: 3, nbPages: 2, page: 0 });
    expect(first.hits).toHaveLength(2);
    expect(second.hits).toHaveLength(1);
    expect(new Set([...first.hits, ...second.hits].map((h) => h.objectID)).size).toBe(3);
  });

  it('returns no hits for an empty query and for a query that matches nothing', () => {
    expect(search({ query: '' })).toMatchObject({ hits: [], nbHits: 0, nbPages: 0 });
    expect(search({ query: 'zzzzqqq' }).nbHits).toBe(0);
  });

  it('matches sections with every word, or with any word when none has all', () => {
    expect(search({ query: 'snowflake warehouse' }).hits.map((h) => h.url)).toEqual(['/guides/connections/snowflake']);
    // No section has both words: each section with either one is a hit.
    expect(search({ query: 'snowflake snapshot' }).nbHits).toBe(3);
  });

  it('drops stop words from the index and from queries', () => {
    expect(search({ query: 'the' }).nbHits).toBe(0);
    expect(search({ query: 'the snapshot of the volumes' }).hits[0].url).toBe('/backup-recovery#snapshots');
  });
});

describe('packed index', () => {
  const assets = buildSearchAssets(records);
  const guidesIndex = JSON.parse(assets.guidesIndex.body) as PackedIndex;

  it('restores exactly the index MiniSearch serialized', () => {
    const js = createIndex(records).toJSON();
    expect(unpackIndex(packIndex(js, (p) => `assets/search/${fileStem(p)}.json`))).toEqual(js);
  });

  it('leaves section texts out of the indexes and ships them per page under hashed names, guides under assets/guides/', () => {
    expect(assets.guidesIndex.body).not.toContain('key pair');
    expect(assets.files.map((f) => f.path).sort()).toEqual([
      expect.stringMatching(/^assets\/guides\/search-index\.[0-9a-f]{10}\.json$/),
      expect.stringMatching(/^assets\/guides\/search\/guides-connections-snowflake\.[0-9a-f]{10}\.json$/),
      expect.stringMatching(/^assets\/search\/backup-recovery\.[0-9a-f]{10}\.json$/),
    ]);
    const snowflake = assets.files.find((f) => f.path.includes('snowflake'));
    expect(JSON.parse(snowflake?.body ?? '{}')).toEqual({
      '/guides/connections/snowflake': records[0].content,
      '/guides/connections/snowflake#network-policy': records[1].content,
    });
    expect(guidesIndex.pages.map((p) => p.content).sort()).toEqual(
      assets.files
        .filter((f) => f !== assets.guidesIndex)
        .map((f) => f.path)
        .sort(),
    );
  });

  it('keeps guide text and vocabulary out of the public index: a guide section is there by title, section and category only', () => {
    const terms = new Set(assets.publicIndex.terms);
    // Title, section and category words of the guide: a signed-out reader finds it (with a lock).
    for (const word of ['snowflake', 'network', 'policy', 'guides', 'connections']) expect(terms).toContain(word);
    // Words only the guide's text has are in the guides index alone.
    const guidesTerms = new Set(guidesIndex.terms);
    for (const word of ['pair', 'password', 'engine', 'pods', 'retry']) {
      expect(terms).not.toContain(word);
      expect(guidesTerms).toContain(word);
    }
    // The public warehouse section is searchable in full; the guide's page has no content file.
    expect(terms).toContain('volumes');
    expect(Object.fromEntries(assets.publicIndex.pages.map((p) => [p.permalink, p.content]))).toEqual({
      '/backup-recovery': expect.stringMatching(/^assets\/search\/backup-recovery\./) as unknown,
      '/guides/connections/snowflake': '',
    });
    expect(JSON.stringify(assets.publicIndex)).not.toContain('assets/guides');
  });

  it('answers from the opened index as from the one built from records', () => {
    const { index } = openIndex(guidesIndex);
    for (const query of ['snowflake', 'warehous', 'snapshto', 'network policy']) {
      expect(searchIndex(index, { indexName: 'docs', params: { query } }, contentOf)).toEqual({
        ...searchIndex(createIndex(records), { indexName: 'docs', params: { query } }, contentOf),
        processingTimeMS: expect.any(Number) as unknown,
      });
    }
  });

  it('unpacks the same index in slices, yielding between them', async () => {
    const js = createIndex(records).toJSON();
    const pause = vi.fn(async () => undefined);
    expect(await unpackIndexAsync(guidesIndex, { slice: 5, pause })).toEqual(js);
    expect(js.index.length).toBeGreaterThan(10);
    expect(pause).toHaveBeenCalledTimes(Math.floor(js.index.length / 5));
  });

  it('opens in slices the index loadJS opens, with the same answers, yielding every slice', async () => {
    const pause = vi.fn(async () => undefined);
    // A zero budget yields after every term: the count shows the sliced path ran, not loadJS's.
    const { index, contentFiles } = await openIndexAsync(guidesIndex, { sliceMs: 0, pause });
    expect(pause).toHaveBeenCalledTimes(guidesIndex.terms.length);
    const expected = openIndex(guidesIndex);
    expect(index.toJSON()).toEqual(expected.index.toJSON());
    expect(contentFiles).toEqual(expected.contentFiles);
    for (const query of ['snowflake', 'warehous', 'snapshto', 'network policy', 'p', 'the volumes']) {
      expect(searchIndex(index, { indexName: 'docs', params: { query } }, contentOf)).toEqual({
        ...searchIndex(expected.index, { indexName: 'docs', params: { query } }, contentOf),
        processingTimeMS: expect.any(Number) as unknown,
      });
    }
  });

  it('opens any index as loadJS does: many documents, long posting lists, frequencies past base 36', async () => {
    const words = 'alpha beta gamma delta warehouse snapshot policy engine retry volume key pair'.split(' ');
    const text = fc.array(fc.constantFrom(...words), { maxLength: 90, size: 'max' }).map((w) => w.join(' '));
    const record = fc.record({ title: text, section: text, content: text, page: fc.nat(40), repeats: fc.nat(80) });
    await fc.assert(
      fc.asyncProperty(fc.array(record, { minLength: 1, maxLength: 150, size: 'max' }), async (drawn) => {
        const sample: SearchRecord[] = drawn.map((r, i) => ({
          id: `/p${r.page}#s${i}`,
          url: `/p${r.page}#s${i}`,
          title: `Page ${r.page}`,
          section: r.section,
          category: 'Installation',
          // 'zeta' in every 40th record only: document id gaps of two base-36 digits.
          content: `${r.title} ${r.content} ${'volume '.repeat(r.repeats)}${i % 40 === 0 ? 'zeta' : ''}`,
        }));
        const js = createIndex(sample).toJSON();
        const packed = packIndex(js, (p) => `assets/search/${fileStem(p)}.json`);
        // The one decoder of the packed postings, checked on its own: the round trip is exact.
        expect(unpackIndex(packed)).toEqual(js);
        const { index } = await openIndexAsync(packed, { sliceMs: 1, pause: async () => undefined });
        const expected = openIndex(packed).index;
        expect(index.toJSON()).toEqual(expected.toJSON());
        for (const query of ['warehouse', 'alp', 'snapshto key', 'zeta']) {
          expect(index.search(query)).toEqual(expected.search(query));
        }
      }),
      { numRuns: 60 },
    );
  });

  it("falls back to loadJS when MiniSearch keeps its terms elsewhere than 7.x's _index", async () => {
    // The first loadJS call is the header-only instance the sliced path fills: one without _index.
    const loadJS = vi.spyOn(MiniSearch, 'loadJS').mockImplementationOnce(() => ({}) as MiniSearch);
    try {
      const pause = vi.fn(async () => undefined);
      const { index } = await openIndexAsync(guidesIndex, { sliceMs: 0, pause });
      expect(pause).not.toHaveBeenCalled();
      expect(loadJS).toHaveBeenCalledTimes(2);
      expect(index.toJSON()).toEqual(openIndex(guidesIndex).index.toJSON());
    } finally {
      loadJS.mockRestore();
    }
  });

  it('refuses an index packed by another version', () => {
    expect(() => unpackIndex({ ...guidesIndex, version: 0 as unknown as 1 })).toThrow(
      /version 0 is not 1: rebuild the site/,
    );
  });
});

describe('embedded client', () => {
  const assets = buildSearchAssets(records);
  const guidesIndex = JSON.parse(assets.guidesIndex.body) as PackedIndex;
  const files = new Map(assets.files.map((f) => [f.path, JSON.parse(f.body) as PageContent]));
  const source = (loadIndex = vi.fn<EmbeddedSource['loadIndex']>().mockResolvedValue(guidesIndex)) => ({
    loadIndex,
    loadContent: vi.fn<EmbeddedSource['loadContent']>(async (path: string) => files.get(path) ?? {}),
  });

  it('loads the index once, on the first search or warm-up, and retries a failed load', async () => {
    const src = source(
      vi.fn<EmbeddedSource['loadIndex']>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(guidesIndex),
    );
    const client = createEmbeddedClient(src);
    expect(src.loadIndex).not.toHaveBeenCalled();
    await expect(client.search([{ indexName: 'docs', params: { query: 'snapshot' } }])).rejects.toThrow('offline');
    await client.warm();
    const { results } = await client.search([
      { indexName: 'docs', params: { query: 'snapshot' } },
      { indexName: 'docs', params: { query: 'policy' } },
    ]);
    expect(src.loadIndex).toHaveBeenCalledTimes(2);
    expect(results.map((r) => r.nbHits)).toEqual([1, 1]);
  });

  it('fetches the text of the pages it shows, once per page, for the snippets', async () => {
    const src = source();
    const client = createEmbeddedClient(src);
    const first = await client.search([{ indexName: 'docs', params: { query: 'policy' } }]);
    expect(first.results[0].hits[0]._snippetResult?.content?.value).toContain('<mark>policy</mark>');
    await client.search([{ indexName: 'docs', params: { query: 'snowflake' } }]);
    expect(src.loadContent).toHaveBeenCalledTimes(1);
    expect(src.loadContent.mock.calls[0][0]).toMatch(/^assets\/guides\/search\/guides-connections-snowflake\./);
  });

  it('over the public index, finds guide sections by title with no text and fetches no guide file', async () => {
    const src = source(vi.fn<EmbeddedSource['loadIndex']>().mockResolvedValue(assets.publicIndex));
    const client = createEmbeddedClient(src);
    const byTitle = await client.search([{ indexName: 'docs', params: { query: 'snowflake network' } }]);
    expect(byTitle.results[0].hits.map((h) => [h.url, h._snippetResult?.content?.value])).toEqual([
      ['/guides/connections/snowflake#network-policy', ''],
    ]);
    const byText = await client.search([{ indexName: 'docs', params: { query: 'warehouse' } }]);
    expect(byText.results[0].hits.map((h) => h.url)).toEqual(['/backup-recovery#snapshots']);
    expect(src.loadContent.mock.calls.map(([path]) => path)).toEqual([
      expect.stringMatching(/^assets\/search\/backup-recovery\./),
    ]);
  });

  it('shows hits without a snippet when their text cannot be fetched, and tries again next time', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const src = source();
    src.loadContent.mockRejectedValueOnce(new Error('HTTP 404'));
    const client = createEmbeddedClient(src);
    const failed = await client.search([{ indexName: 'docs', params: { query: 'snapshot' } }]);
    expect(failed.results[0].hits[0]).toMatchObject({
      url: '/backup-recovery#snapshots',
      _snippetResult: { content: { value: '', matchLevel: 'none' } },
    });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('could not be loaded'), expect.any(Error));
    const retried = await client.search([{ indexName: 'docs', params: { query: 'snapshot' } }]);
    expect(retried.results[0].hits[0]._snippetResult?.content?.value).toContain('<mark>snapshot</mark>');
    warn.mockRestore();
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
