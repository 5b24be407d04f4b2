// The embedded backend: MiniSearch 7 over the site's records, in the browser, exposed as an
// InstantSearch search client with the response shape of the Typesense adapter.

import MiniSearch, { type SearchResult } from 'minisearch';
import type { SearchHit, SearchRecord } from './records';
import { highlight, MARK, snippet, tokenize, type Tags } from './highlight';

export const INDEXED_FIELDS = ['title', 'section', 'category', 'content'] as const;
export const STORED_FIELDS = ['title', 'section', 'category', 'content', 'url'] as const;
export const BOOST = { title: 3, section: 2, category: 1 } as const;
export const DEFAULT_HITS_PER_PAGE = 20;

/** One InstantSearch request (the parts read here). */
export interface SearchRequest {
  indexName: string;
  params?: {
    query?: string;
    page?: number;
    hitsPerPage?: number;
    highlightPreTag?: string;
    highlightPostTag?: string;
    [key: string]: unknown;
  };
}

export interface SearchResponse {
  hits: SearchHit[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
  processingTimeMS: number;
  query: string;
  params: string;
  exhaustiveNbHits: boolean;
}

export interface SearchClient {
  search(requests: readonly SearchRequest[]): Promise<{ results: SearchResponse[] }>;
}

export function createIndex(records: readonly SearchRecord[]): MiniSearch<SearchRecord> {
  const index = new MiniSearch<SearchRecord>({
    idField: 'id',
    fields: [...INDEXED_FIELDS],
    storeFields: [...STORED_FIELDS],
    tokenize,
    searchOptions: {
      boost: { ...BOOST },
      // Search as you type: only the word being typed (the last) needs prefix matching; the
      // finished words before it match whole, which keeps the candidate set small.
      prefix: (_term: string, i: number, terms: string[]) => i === terms.length - 1,
      // Typos are tolerated where they are likely and cheap to look up: words of four or more
      // letters, at most two edits (a 0.2 ratio alone allows more on long words).
      fuzzy: (term: string) => (term.length >= 4 ? 0.2 : false),
      maxFuzzy: 2,
    },
  });
  index.addAll(records);
  return index;
}

export function emptyResponse(query: string, page = 0, hitsPerPage = DEFAULT_HITS_PER_PAGE): SearchResponse {
  return { hits: [], nbHits: 0, page, nbPages: 0, hitsPerPage, processingTimeMS: 0, query, params: '', exhaustiveNbHits: true };
}

/** Document terms that matched, per field (MiniSearch's `match` is term -> fields). */
function termsByField(result: SearchResult): Map<string, Set<string>> {
  const byField = new Map<string, Set<string>>();
  for (const [term, fields] of Object.entries(result.match)) {
    for (const field of fields) {
      const set = byField.get(field) ?? new Set<string>();
      set.add(term);
      byField.set(field, set);
    }
  }
  return byField;
}

export function toHit(result: SearchResult, tags: Tags = MARK): SearchHit {
  const byField = termsByField(result);
  const all = new Set<string>(result.terms);
  const queryTerms = result.queryTerms.length;
  const none = new Set<string>();
  const doc = result as unknown as SearchRecord;
  return {
    objectID: String(result.id),
    title: doc.title,
    section: doc.section,
    category: doc.category,
    url: doc.url,
    _highlightResult: {
      title: highlight(doc.title, byField.get('title') ?? none, queryTerms, tags),
      section: highlight(doc.section, byField.get('section') ?? none, queryTerms, tags),
      category: highlight(doc.category, byField.get('category') ?? none, queryTerms, tags),
      url: highlight(doc.url, all, queryTerms, tags),
    },
    _snippetResult: {
      content: snippet(doc.content, byField.get('content') ?? none, queryTerms, tags),
    },
  };
}

/** Runs one InstantSearch request against the index. */
export function searchIndex(index: MiniSearch<SearchRecord>, request: SearchRequest): SearchResponse {
  const started = typeof performance !== 'undefined' ? performance.now() : Date.now();
  const params = request.params ?? {};
  const query = params.query ?? '';
  const hitsPerPage = Math.max(1, params.hitsPerPage ?? DEFAULT_HITS_PER_PAGE);
  const page = Math.max(0, params.page ?? 0);
  if (query.trim() === '') return emptyResponse(query, page, hitsPerPage);
  const tags: Tags = {
    pre: params.highlightPreTag ?? MARK.pre,
    post: params.highlightPostTag ?? MARK.post,
  };
  const results = index.search(query);
  const hits = results.slice(page * hitsPerPage, (page + 1) * hitsPerPage).map((r) => toHit(r, tags));
  const ended = typeof performance !== 'undefined' ? performance.now() : Date.now();
  return {
    hits,
    nbHits: results.length,
    page,
    nbPages: Math.ceil(results.length / hitsPerPage),
    hitsPerPage,
    processingTimeMS: Math.round(ended - started),
    query,
    params: '',
    exhaustiveNbHits: true,
  };
}

/**
 * A search client over records loaded on demand: the first search (or `warm()`) starts the
 * load and builds the index once; later searches reuse it. A failed load is retried next time.
 */
export function createEmbeddedClient(loadRecords: () => Promise<readonly SearchRecord[]>): SearchClient & { warm(): Promise<unknown> } {
  let index: Promise<MiniSearch<SearchRecord>> | null = null;
  const ready = () => {
    index ??= loadRecords().then(createIndex, (error: unknown) => {
      index = null;
      throw error;
    });
    return index;
  };
  return {
    warm: () => ready().catch(() => undefined),
    async search(requests) {
      const built = await ready();
      return { results: requests.map((request) => searchIndex(built, request)) };
    },
  };
}
