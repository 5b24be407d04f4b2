// Picks the backend (Typesense when configured, else the embedded index) and applies the
// query-length rule before any backend is asked, so a short query costs no request at all.

import { createEmbeddedClient, emptyResponse, type SearchClient, type SearchRequest } from './embeddedClient';
import { shouldSearch } from './query';
import type { PackedIndex, PageContent } from './packedIndex';
import type { TypesenseSearchConfig } from './typesenseClient';

export interface SearchSettings {
  typesense: TypesenseSearchConfig | null;
}

export const EMBEDDED_INDEX_NAME = 'docs';

/** The index chunk: a content-hashed asset the bundler splits out; fetched on first intent. */
export async function loadPackedIndex(): Promise<PackedIndex> {
  const module = await import(
    /* webpackChunkName: "search-index" */ '@generated/veriq-search-records/default/search-index.json'
  );
  return module.default;
}

/** Fetches one page's content file (a static asset under the base URL). */
export function contentLoader(baseUrl: string): (path: string) => Promise<PageContent> {
  return async (path) => {
    const response = await fetch(`${baseUrl}${path}`);
    if (!response.ok) throw new Error(`HTTP ${response.status} for ${baseUrl}${path}`);
    return (await response.json()) as PageContent;
  };
}

/** Answers requests whose query is too short with empty results, without calling `client`. */
export function withQueryRule(client: SearchClient): SearchClient {
  return {
    async search(requests: readonly SearchRequest[]) {
      const live = requests.filter((r) => shouldSearch(r.params?.query));
      const answered = live.length > 0 ? (await client.search(live)).results : [];
      let next = 0;
      return {
        results: requests.map((r) =>
          shouldSearch(r.params?.query)
            ? answered[next++]
            : emptyResponse(r.params?.query ?? '', r.params?.page ?? 0, r.params?.hitsPerPage),
        ),
      };
    },
  };
}

export interface Backend {
  client: SearchClient;
  indexName: string;
  /** Starts loading what the first search needs (the embedded index chunk). */
  warm: () => void;
}

let embedded: ReturnType<typeof createEmbeddedClient> | null = null;

/** A client whose implementation module is imported on its first search (kept out of other chunks). */
export function deferredClient(load: () => Promise<SearchClient>): SearchClient {
  let loading: Promise<SearchClient> | null = null;
  return {
    async search(requests) {
      loading ??= load().catch((error: unknown) => {
        loading = null;
        throw error;
      });
      return (await loading).search(requests);
    },
  };
}

/** The embedded client is shared by every modal opening, so the index is opened once per page load. */
export function createBackend(settings: SearchSettings, baseUrl = '/'): Backend {
  const typesense = settings.typesense;
  if (typesense) {
    const client = deferredClient(async () => (await import('./typesenseClient')).createTypesenseClient(typesense));
    return { client: withQueryRule(client), indexName: typesense.collection, warm: () => undefined };
  }
  embedded ??= createEmbeddedClient({ loadIndex: loadPackedIndex, loadContent: contentLoader(baseUrl) });
  const client = embedded;
  return { client: withQueryRule(client), indexName: EMBEDDED_INDEX_NAME, warm: () => void client.warm() };
}

/** Reads the search settings back from customFields (`search.typesense`), tolerating their absence. */
export function readSearchSettings(customFields: Record<string, unknown> | undefined): SearchSettings {
  const raw = (customFields?.search as { typesense?: unknown } | undefined)?.typesense;
  if (raw && typeof raw === 'object') {
    const { host, searchApiKey, collection } = raw as Record<string, unknown>;
    if (
      typeof host === 'string' &&
      typeof searchApiKey === 'string' &&
      typeof collection === 'string' &&
      host &&
      searchApiKey
    ) {
      return { typesense: { host, searchApiKey, collection } };
    }
  }
  return { typesense: null };
}
