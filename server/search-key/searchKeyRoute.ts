// Wires /_auth/search-key (server/guide-gate/gate.ts) to the search side's scoped-key issuer
// (server/search-key/searchKey.ts) from the environment: absent without Typesense, so the route answers 404.
import { searchKeyResponse } from './searchKey.ts';

export function searchKeyRoute(
  get: (name: string) => string | undefined,
): ((nowMs: number, notAfter: number | null) => Promise<Response>) | undefined {
  const key = get('TYPESENSE_SEARCH_API_KEY')?.trim();
  if (!key || !get('TYPESENSE_HOST')?.trim()) return undefined;
  const collection = get('TYPESENSE_COLLECTION')?.trim() || 'docs';
  return (nowMs, notAfter) => searchKeyResponse({ typesenseSearchKey: key, collection }, nowMs, notAfter);
}
