// The production backend: typesense-instantsearch-adapter over the typesense client. Timeouts,
// retries, health checks and error classes by HTTP status are the libraries' own (spec §8, §9).

import TypesenseInstantSearchAdapter from 'typesense-instantsearch-adapter';
import type { SearchClient } from './embeddedClient';

export interface TypesenseSearchConfig {
  host: string;
  searchApiKey: string;
  collection: string;
}

export const QUERY_BY = 'title,section,category,content,url';
export const CACHE_SECONDS = 120;

export interface TypesenseNode {
  host: string;
  port: number;
  protocol: string;
}

/** Test hooks: a loopback stand-in needs http and its own port. */
export interface TypesenseOverrides {
  nodes?: TypesenseNode[];
  cacheSearchResultsForSeconds?: number;
}

export function typesenseAdapterOptions(config: TypesenseSearchConfig, overrides: TypesenseOverrides = {}) {
  return {
    server: {
      apiKey: config.searchApiKey,
      nodes: overrides.nodes ?? [{ host: config.host, port: 443, protocol: 'https' }],
      cacheSearchResultsForSeconds: overrides.cacheSearchResultsForSeconds ?? CACHE_SECONDS,
    },
    additionalSearchParameters: { query_by: QUERY_BY },
  };
}

/** The adapter's InstantSearch client; the index name InstantSearch sends is the collection. */
export function createTypesenseClient(config: TypesenseSearchConfig, overrides: TypesenseOverrides = {}): SearchClient {
  const adapter = new TypesenseInstantSearchAdapter(typesenseAdapterOptions(config, overrides));
  return adapter.searchClient as unknown as SearchClient;
}
