// Typesense scoped search keys, derived locally with Typesense's own algorithm: the browser's key
// has its search parameters signed in, so it cannot widen its filter. One derivation for the build
// (the public key) and the gate (a signed-in reader's key); web-standard only, for Deno.
// base64( base64(HMAC-SHA256(parentKey, paramsJson)) + parentKey[0..4] + paramsJson )
// Why: maintainers/decisions/2026-11-27-search-index-and-keys.md

/** The record field that says who may read a record (search:push sets it on every document). */
export const ACCESS_FIELD = 'access';
export type RecordAccess = 'public' | 'guides';
/** Embedded in the public key: a signed-out reader's searches only ever see public records. */
export const PUBLIC_RECORDS_FILTER = `${ACCESS_FIELD}:=public`;
/** How long a signed-in reader's key lives; the client fetches a new one when it runs out. */
export const SESSION_KEY_TTL_SECONDS = 3600;

/** The embedded parameters this site uses (Typesense accepts any search parameter here). */
export interface ScopedKeyParams {
  filter_by?: string;
  /** Unix seconds after which Typesense refuses the key. */
  expires_at?: number;
}

const encoder = new TextEncoder();

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** Derives a scoped key from a search-only parent key; `params` is signed exactly as serialized. */
export async function scopedSearchKey(parentKey: string, params: ScopedKeyParams): Promise<string> {
  if (parentKey.length < 4) throw new Error('a Typesense search key has at least 4 characters');
  const paramsJson = JSON.stringify(params);
  const hmacKey = await crypto.subtle.importKey(
    'raw',
    encoder.encode(parentKey),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const digest = base64(new Uint8Array(await crypto.subtle.sign('HMAC', hmacKey, encoder.encode(paramsJson))));
  return base64(encoder.encode(`${digest}${parentKey.slice(0, 4)}${paramsJson}`));
}

/** The key the bundle carries: public records only, no expiry (it is rebuilt with every deploy). */
export function publicSearchKey(parentKey: string): Promise<string> {
  return scopedSearchKey(parentKey, { filter_by: PUBLIC_RECORDS_FILTER });
}

/**
 * A signed-in reader's key: every record, for `SESSION_KEY_TTL_SECONDS` from `nowMs`, and never
 * past `notAfter` (Unix seconds: the end of the session it was issued to).
 */
export async function sessionSearchKey(
  parentKey: string,
  nowMs: number,
  notAfter: number | null = null,
): Promise<{ key: string; expiresAt: number }> {
  const ttlEnd = Math.floor(nowMs / 1000) + SESSION_KEY_TTL_SECONDS;
  const expiresAt = notAfter === null ? ttlEnd : Math.min(ttlEnd, notAfter);
  return { key: await scopedSearchKey(parentKey, { expires_at: expiresAt }), expiresAt };
}
