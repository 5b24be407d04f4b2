// The production backend: typesense-instantsearch-adapter over the typesense client. Timeouts,
// retries, health checks and error classes by HTTP status are the libraries' own, not ours.

import TypesenseInstantSearchAdapter from 'typesense-instantsearch-adapter';
import type { SearchClient } from '../../shared/search/instantsearch';
import type { TypesenseSearchConfig } from './settings';

const QUERY_BY = 'title,section,category,content,url';
const CACHE_SECONDS = 120;

export function typesenseAdapterOptions(config: TypesenseSearchConfig) {
  return {
    server: {
      apiKey: config.searchApiKey,
      nodes: [{ host: config.host, port: 443, protocol: 'https' }],
      cacheSearchResultsForSeconds: CACHE_SECONDS,
    },
    additionalSearchParameters: { query_by: QUERY_BY },
  };
}

/** The adapter's InstantSearch client; the index name InstantSearch sends is the collection. */
export function createTypesenseClient(config: TypesenseSearchConfig): SearchClient {
  const adapter = new TypesenseInstantSearchAdapter(typesenseAdapterOptions(config));
  return adapter.searchClient as unknown as SearchClient;
}
