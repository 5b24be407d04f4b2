// GET /_auth/search-key (session required; the gate wires the route): a signed-in reader's
// Typesense key for every record, short-lived. The parent key stays on the server.

import type { SearchKeyBody } from '../../shared/search/searchKeyBody.ts';
import { sessionSearchKey } from '../../shared/search/typesenseScopedKey.ts';

export type { SearchKeyBody };

export interface SearchKeyEnv {
  /** TYPESENSE_SEARCH_API_KEY, or null when the site has no Typesense search. */
  typesenseSearchKey: string | null;
  collection: string;
}

const HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  // A credential: never stored by a shared cache, nor kept by the browser.
  'cache-control': 'private, no-store',
  'x-robots-tag': 'noindex',
};

/** The reader's key; `notAfter` (Unix seconds, the session's end) caps its life when given. */
export async function searchKeyResponse(
  env: SearchKeyEnv,
  nowMs: number,
  notAfter: number | null = null,
): Promise<Response> {
  if (!env.typesenseSearchKey) {
    return new Response(JSON.stringify({ error: 'This site has no Typesense search configured.' }), {
      status: 404,
      headers: HEADERS,
    });
  }
  const { key, expiresAt } = await sessionSearchKey(env.typesenseSearchKey, nowMs, notAfter);
  const body: SearchKeyBody = { key, expiresAt, collection: env.collection };
  return new Response(JSON.stringify(body), { status: 200, headers: HEADERS });
}
