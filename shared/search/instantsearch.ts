// The InstantSearch search-client contract both backends fulfil: what the modal sends and the
// response shape it reads (the Typesense adapter's, which the embedded client imitates).

import type { SearchHit } from './records.ts';

/** Hits per request: the modal asks for this many, and the embedded client defaults to it. */
export const HITS_PER_PAGE = 20;

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

export function emptyResponse(query: string, page = 0, hitsPerPage = HITS_PER_PAGE): SearchResponse {
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
