// Picks the backend (Typesense when configured, else the embedded index) for the reader (signed
// in or not), and applies the query-length rule before any backend is asked, so a short query
// costs no request at all.

import { createEmbeddedClient } from './embeddedClient';
import { emptyResponse, type SearchClient, type SearchRequest } from '../../shared/search/instantsearch';
import { shouldSearch } from '../../shared/search/query';
import type { PackedIndex, PageContent } from '../../shared/search/packedIndex';
import type { SearchSettings } from './settings';
import { fetchSessionKey, typesenseClientWithKeys } from './typesenseKeys';

const EMBEDDED_INDEX_NAME = 'docs';

/** The public index chunk: a content-hashed asset the bundler splits out; fetched on first intent. */
async function loadPublicIndex(): Promise<PackedIndex> {
  const module = await import(
    /* webpackChunkName: "search-index" */ '@generated/veriq-search-records/default/search-index.json'
  );
  return module.default;
}

/**
 * The index with the guides' text, for a signed-in reader: a file under /assets/guides/, which
 * the server's gate serves only with a session. Without one (the session is not there yet, or
 * ended), the reader searches the public index.
 */
function guidesIndexLoader(baseUrl: string, fetchImpl: typeof fetch = fetch): () => Promise<PackedIndex> {
  return async () => {
    try {
      const { path } = (
        await import(
          /* webpackChunkName: "search-guides-index-path" */ '@generated/veriq-search-records/default/search-guides-index.json'
        )
      ).default;
      const response = await fetchImpl(`${baseUrl}${path}`, { credentials: 'same-origin' });
      if (!response.ok) throw new Error(`HTTP ${response.status} for ${baseUrl}${path}`);
      return (await response.json()) as PackedIndex;
    } catch (error) {
      console.warn('Search: the guides index could not be loaded, so only public pages are searched.', error);
      return loadPublicIndex();
    }
  };
}

/** Fetches one page's content file (a static asset under the base URL). */
function contentLoader(baseUrl: string): (path: string) => Promise<PageContent> {
  return async (path) => {
    const response = await fetch(`${baseUrl}${path}`, { credentials: 'same-origin' });
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
  /** Starts loading what the first search needs (the embedded index). */
  warm: () => void;
}

/** A client whose implementation module is imported on its first search (kept out of other chunks). */
function deferredClient(load: () => Promise<SearchClient>): SearchClient {
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

export interface Reader {
  /** Signed in (or on a preview, where the gate is open): guides are searched with their text. */
  signedIn: boolean;
  baseUrl: string;
}

/** One embedded client per kind of reader, shared by every modal opening: each index opens once per page load. */
const embedded = new Map<boolean, ReturnType<typeof createEmbeddedClient>>();

export function createBackend(settings: SearchSettings, { signedIn, baseUrl }: Reader): Backend {
  const typesense = settings.typesense;
  if (typesense) {
    const client = deferredClient(async () => {
      const { createTypesenseClient } = await import('./typesenseClient');
      const sessionKey = signedIn ? () => fetchSessionKey(baseUrl) : null;
      return typesenseClientWithKeys(typesense, sessionKey, createTypesenseClient);
    });
    return { client: withQueryRule(client), indexName: typesense.collection, warm: () => undefined };
  }
  let client = embedded.get(signedIn);
  if (!client) {
    client = createEmbeddedClient({
      loadIndex: signedIn ? guidesIndexLoader(baseUrl) : loadPublicIndex,
      loadContent: contentLoader(baseUrl),
    });
    embedded.set(signedIn, client);
  }
  const warmed = client;
  return { client: withQueryRule(warmed), indexName: EMBEDDED_INDEX_NAME, warm: () => void warmed.warm() };
}
