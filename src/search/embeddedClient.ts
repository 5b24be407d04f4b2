// The embedded backend: MiniSearch 7 over the site's records, in the browser, exposed as an
// InstantSearch search client with the response shape of the Typesense adapter. The index is
// built at build time and shipped packed (packedIndex.ts); section texts come per page.

import MiniSearch, { type Options, type SearchResult } from 'minisearch';
import type { SearchHit, SearchRecord } from './records';
import { highlight, MARK, snippet, tokenize, type Tags } from './highlight';
import { unpackIndex, unpackIndexAsync, type PackedIndex, type PageContent } from './packedIndex';
import { pageOf } from './query';

export const INDEXED_FIELDS = ['title', 'section', 'category', 'content'] as const;
/** Content is not stored: it lives in per-page files (see packedIndex.ts). */
export const STORED_FIELDS = ['title', 'section', 'category', 'url'] as const;
export const BOOST = { title: 3, section: 2, category: 1 } as const;
export const DEFAULT_HITS_PER_PAGE = 20;

/**
 * Words too common to tell sections apart. The commonest sit in most of the 2,000 sections:
 * indexing them cost a tenth of the index, and a query containing one scored most of the site.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  'a an and are as at be but by can do does for from has have if in into is it its of on or s so such t than that the their then there these this to was were when which will with you your'.split(
    ' ',
  ),
);

export function processTerm(term: string): string | null {
  const lower = term.toLowerCase();
  return STOP_WORDS.has(lower) ? null : lower;
}

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

export const INDEX_OPTIONS: Options<SearchRecord> = {
  idField: 'id',
  fields: [...INDEXED_FIELDS],
  storeFields: [...STORED_FIELDS],
  tokenize,
  processTerm,
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
};

/** Indexes records (at build time, and in tests). */
export function createIndex(records: readonly SearchRecord[]): MiniSearch<SearchRecord> {
  const index = new MiniSearch<SearchRecord>(INDEX_OPTIONS);
  index.addAll(records);
  return index;
}

/** An index shipped to the browser, ready to search, with where each page's text lives. */
export interface OpenedIndex {
  index: MiniSearch<SearchRecord>;
  /** Permalink -> content file path (relative to the base URL). */
  contentFiles: ReadonlyMap<string, string>;
}

/** Opens a packed index; the browser uses `openIndexAsync`, which yields to input while decoding. */
export function openIndex(packed: PackedIndex): OpenedIndex {
  return {
    index: MiniSearch.loadJS<SearchRecord>(unpackIndex(packed), INDEX_OPTIONS),
    contentFiles: contentFiles(packed),
  };
}

/**
 * Decoding yields between slices; MiniSearch's own loading then runs in one go. Its async
 * variant (`loadJSAsync`) awaits once per term and field: measured in Chromium, it took the
 * first search from about 0.6 s to 1.4 s, and far longer on a busy machine.
 */
export async function openIndexAsync(packed: PackedIndex): Promise<OpenedIndex> {
  return {
    index: MiniSearch.loadJS<SearchRecord>(await unpackIndexAsync(packed), INDEX_OPTIONS),
    contentFiles: contentFiles(packed),
  };
}

function contentFiles(packed: PackedIndex): ReadonlyMap<string, string> {
  return new Map(packed.pages.map((page) => [page.permalink, page.content]));
}

export function emptyResponse(query: string, page = 0, hitsPerPage = DEFAULT_HITS_PER_PAGE): SearchResponse {
  return {
    hits: [],
    nbHits: 0,
    page,
    nbPages: 0,
    hitsPerPage,
    processingTimeMS: 0,
    query,
    params: '',
    exhaustiveNbHits: true,
  };
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

/** Looks up a section's text by its url; undefined while (or if) its page's file is unavailable. */
export type ContentLookup = (url: string) => string | undefined;

export function toHit(result: SearchResult, contentOf: ContentLookup, tags: Tags = MARK): SearchHit {
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
      content: snippet(contentOf(doc.url) ?? '', byField.get('content') ?? none, queryTerms, tags),
    },
  };
}

const now = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

/**
 * Sections with every word of the query; when no section has them all, sections with any.
 * Typesense answers the same way by default (all tokens, then dropping tokens when nothing
 * matches), so both backends rank alike; it also keeps the candidate set, and the time spent
 * scoring it, small (query p95 2.4 ms against 4.2 ms for any-word matching here).
 */
export function searchAllThenAny(index: MiniSearch<SearchRecord>, query: string): SearchResult[] {
  const all = index.search(query, { combineWith: 'AND' });
  return all.length > 0 ? all : index.search(query);
}

/** A request's ranked results and the slice of them its page shows, before formatting. */
export interface RankedRequest {
  query: string;
  page: number;
  hitsPerPage: number;
  tags: Tags;
  total: number;
  shown: SearchResult[];
  started: number;
}

export function rankRequest(index: MiniSearch<SearchRecord>, request: SearchRequest): RankedRequest {
  const started = now();
  const params = request.params ?? {};
  const query = params.query ?? '';
  const hitsPerPage = Math.max(1, params.hitsPerPage ?? DEFAULT_HITS_PER_PAGE);
  const page = Math.max(0, params.page ?? 0);
  const tags: Tags = { pre: params.highlightPreTag ?? MARK.pre, post: params.highlightPostTag ?? MARK.post };
  const results = query.trim() === '' ? [] : searchAllThenAny(index, query);
  return {
    query,
    page,
    hitsPerPage,
    tags,
    total: results.length,
    shown: results.slice(page * hitsPerPage, (page + 1) * hitsPerPage),
    started,
  };
}

export function toResponse(ranked: RankedRequest, contentOf: ContentLookup): SearchResponse {
  const { query, page, hitsPerPage, total } = ranked;
  if (query.trim() === '') return emptyResponse(query, page, hitsPerPage);
  const hits = ranked.shown.map((r) => toHit(r, contentOf, ranked.tags));
  return {
    hits,
    nbHits: total,
    page,
    nbPages: Math.ceil(total / hitsPerPage),
    hitsPerPage,
    processingTimeMS: Math.round(now() - ranked.started),
    query,
    params: '',
    exhaustiveNbHits: true,
  };
}

/** Runs one InstantSearch request against the index, with section texts from `contentOf`. */
export function searchIndex(
  index: MiniSearch<SearchRecord>,
  request: SearchRequest,
  contentOf: ContentLookup = () => undefined,
): SearchResponse {
  return toResponse(rankRequest(index, request), contentOf);
}

export interface EmbeddedSource {
  /** The packed index (a content-hashed chunk). */
  loadIndex(): Promise<PackedIndex>;
  /** One page's content file, by its path in the index. */
  loadContent(path: string): Promise<PageContent>;
}

/**
 * A search client over an index loaded on demand: the first search (or `warm()`) loads it
 * once; a failed load is retried next time. Each hit's page text is fetched before the
 * response, once per page; a page whose text cannot be fetched is shown without a snippet
 * (and tried again on the next query) rather than failing the whole search.
 */
export function createEmbeddedClient(source: EmbeddedSource): SearchClient & { warm(): Promise<unknown> } {
  let opened: Promise<OpenedIndex> | null = null;
  const contents = new Map<string, Promise<PageContent | null>>();
  const ready = () => {
    opened ??= source.loadIndex().then(openIndexAsync, (error: unknown) => {
      opened = null;
      throw error;
    });
    return opened;
  };
  const content = (path: string) => {
    let pending = contents.get(path);
    if (!pending) {
      pending = source.loadContent(path).catch((error: unknown) => {
        contents.delete(path);
        console.warn(`Search: the text of ${path} could not be loaded, so its hits have no snippet.`, error);
        return null;
      });
      contents.set(path, pending);
    }
    return pending;
  };
  return {
    warm: () => ready().catch(() => undefined),
    async search(requests) {
      const { index, contentFiles } = await ready();
      const ranked = requests.map((request) => rankRequest(index, request));
      const paths = new Set<string>();
      for (const r of ranked)
        for (const hit of r.shown) {
          const path = contentFiles.get(pageOf(String(hit.id)));
          if (path) paths.add(path);
        }
      const loaded = new Map<string, PageContent | null>();
      await Promise.all([...paths].map(async (path) => loaded.set(path, await content(path))));
      const contentOf: ContentLookup = (url) => {
        const path = contentFiles.get(pageOf(url));
        return path ? loaded.get(path)?.[url] : undefined;
      };
      return { results: ranked.map((r) => toResponse(r, contentOf)) };
    },
  };
}
