// Which Typesense key the browser searches with. The bundle's key is scoped to public records;
// a signed-in reader asks the gate for a short-lived key for every record
// (GET /_auth/search-key, server/search-key/searchKey.ts) and asks again shortly before it expires.

import type { SearchKeyBody } from '../../shared/search/searchKeyBody';
import type { SearchClient } from '../../shared/search/instantsearch';
import type { TypesenseSearchConfig } from './settings';

/** The gate's route, under the site's base URL. */
const SEARCH_KEY_PATH = '_auth/search-key';
/** Ask for a new key this long before the current one expires (clock skew, a slow request). */
const RENEW_BEFORE_SECONDS = 60;
/** After a failed request for a session key, search public records and ask again after this. */
const RETRY_AFTER_SECONDS = 60;

export type SessionKey = Pick<SearchKeyBody, 'key' | 'expiresAt'>;

/** Fetches the signed-in reader's key (the session cookie goes along: same origin). */
export async function fetchSessionKey(baseUrl: string, fetchImpl: typeof fetch = fetch): Promise<SessionKey> {
  const response = await fetchImpl(`${baseUrl}${SEARCH_KEY_PATH}`, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${baseUrl}${SEARCH_KEY_PATH}`);
  const body = (await response.json()) as Partial<SearchKeyBody>;
  if (typeof body.key !== 'string' || typeof body.expiresAt !== 'number') {
    throw new Error(`${baseUrl}${SEARCH_KEY_PATH} answered without a key`);
  }
  return { key: body.key, expiresAt: body.expiresAt };
}

/**
 * A Typesense client that searches with the public key, or, when `sessionKey` is given, with the
 * session's key, renewed before it expires. A reader whose session key cannot be had (no
 * session on the server yet) still searches the public records, and the key is asked for again.
 */
export function typesenseClientWithKeys(
  config: TypesenseSearchConfig,
  sessionKey: (() => Promise<SessionKey>) | null,
  create: (config: TypesenseSearchConfig) => SearchClient,
  nowMs: () => number = Date.now,
): SearchClient {
  let current: { client: SearchClient; renewAt: number } | null = null;
  let renewing: Promise<{ client: SearchClient; renewAt: number }> | null = null;
  const renew = async () => {
    const now = nowMs() / 1000;
    if (!sessionKey) return { client: create(config), renewAt: Infinity };
    try {
      const { key, expiresAt } = await sessionKey();
      return { client: create({ ...config, searchApiKey: key }), renewAt: expiresAt - RENEW_BEFORE_SECONDS };
    } catch (error) {
      console.warn('Search: no session key, so guide pages are left out of the results.', error);
      return { client: create(config), renewAt: now + RETRY_AFTER_SECONDS };
    }
  };
  return {
    async search(requests) {
      if (!current || nowMs() / 1000 >= current.renewAt) {
        renewing ??= renew().finally(() => (renewing = null));
        current = await renewing;
      }
      return current.client.search(requests);
    },
  };
}
