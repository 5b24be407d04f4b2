// What GET /_auth/search-key answers (server/search-key) and the browser reads (src/search/typesenseKeys.ts).

export interface SearchKeyBody {
  key: string;
  /** Unix seconds; the key is refused by Typesense after it. */
  expiresAt: number;
  collection: string;
}
