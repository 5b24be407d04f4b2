import { describe, expect, it, vi } from 'vitest';
import { clampQuery, groupHits, MAX_QUERY_LENGTH, pageOf, shouldSearch } from '../../shared/search/query';
import { withQueryRule } from '../../src/search/client';
import { readSearchSettings } from '../../src/search/settings';
import { typesenseAdapterOptions } from '../../src/search/typesenseClient';
import type { SearchClient } from '../../shared/search/instantsearch';

describe('query-length rule', () => {
  it.each([
    ['', false],
    ['a', false],
    ['  a  ', false],
    ['ab', true],
    [' ab ', true],
  ])('%j -> %s', (q, expected) => expect(shouldSearch(q)).toBe(expected));

  it('caps queries at 512 characters', () => {
    expect(MAX_QUERY_LENGTH).toBe(512);
    expect(clampQuery('x'.repeat(600))).toHaveLength(512);
    expect(clampQuery('abc')).toBe('abc');
  });

  it('never asks the backend for a too-short query', async () => {
    const search = vi.fn<SearchClient['search']>(async (requests) => ({
      results: requests.map((r) => ({
        hits: [],
        nbHits: 7,
        page: 0,
        nbPages: 1,
        hitsPerPage: 20,
        processingTimeMS: 1,
        query: r.params?.query ?? '',
        params: '',
        exhaustiveNbHits: true,
      })),
    }));
    const client = withQueryRule({ search });
    const { results } = await client.search([
      { indexName: 'docs', params: { query: 'a' } },
      { indexName: 'docs', params: { query: 'rule' } },
      { indexName: 'docs', params: { query: ' ' } },
    ]);
    expect(search).toHaveBeenCalledTimes(1);
    expect(search.mock.calls[0][0]).toEqual([{ indexName: 'docs', params: { query: 'rule' } }]);
    expect(results.map((r) => [r.query, r.nbHits])).toEqual([
      ['a', 0],
      ['rule', 7],
      [' ', 0],
    ]);
    await client.search([{ indexName: 'docs', params: { query: '' } }]);
    expect(search).toHaveBeenCalledTimes(1);
  });
});

describe('hit grouping', () => {
  it('groups by page in ranking order, at most three sections each', () => {
    const hits = ['/a#1', '/b', '/a#2', '/a', '/a#3', '/c#x', '/b#y'].map((url) => ({ url }));
    expect(groupHits(hits).map((g) => [g.page, g.hits.map((h) => h.url)])).toEqual([
      ['/a', ['/a#1', '/a#2', '/a']],
      ['/b', ['/b', '/b#y']],
      ['/c', ['/c#x']],
    ]);
    expect(pageOf('/a#b')).toBe('/a');
  });
});

describe('backend settings', () => {
  it('reads only host, search key and collection', () => {
    expect(readSearchSettings(undefined)).toEqual({ typesense: null });
    expect(readSearchSettings({ search: { typesense: null } })).toEqual({ typesense: null });
    expect(
      readSearchSettings({
        search: { typesense: { host: 'ts.example.com', searchApiKey: 'k', collection: 'docs', adminApiKey: 'x' } },
      }),
    ).toEqual({ typesense: { host: 'ts.example.com', searchApiKey: 'k', collection: 'docs' } });
  });

  it('configures the Typesense adapter: https on 443, results cached 120 s, the five query fields', () => {
    expect(typesenseAdapterOptions({ host: 'ts.example.com', searchApiKey: 'k', collection: 'docs' })).toEqual({
      server: {
        apiKey: 'k',
        nodes: [{ host: 'ts.example.com', port: 443, protocol: 'https' }],
        cacheSearchResultsForSeconds: 120,
      },
      additionalSearchParameters: { query_by: 'title,section,category,content,url' },
    });
  });
});
