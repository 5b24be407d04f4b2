// Runs one InstantSearch request against an opened embedded index and formats the answer in
// the Typesense adapter's response shape (hits with `_highlightResult` and `_snippetResult`).

import type MiniSearch from 'minisearch';
import type { SearchResult } from 'minisearch';
import type { SearchHit, SearchRecord } from './records.ts';
import { highlight, MARK, snippet, type Tags } from './highlight.ts';
import { emptyResponse, HITS_PER_PAGE, type SearchRequest, type SearchResponse } from './instantsearch.ts';

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

function toHit(result: SearchResult, contentOf: ContentLookup, tags: Tags): SearchHit {
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
 * Sections with every word of the query; when no section has them all, sections with any. As
 * Typesense does by default, so both backends rank alike, and faster than any-word matching.
 * Measured: maintainers/decisions/2026-11-27-search-index-and-keys.md
 */
function searchAllThenAny(index: MiniSearch<SearchRecord>, query: string): SearchResult[] {
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
  const hitsPerPage = Math.max(1, params.hitsPerPage ?? HITS_PER_PAGE);
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
