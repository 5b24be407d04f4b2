import { ACCESS_TOKEN_KEY, ID_TOKEN_KEY } from '../../shared/auth/storageKeys';
import { acceptedUntilMs, decodeIdToken, isAcceptedToken, type IdTokenClaims } from '../../shared/auth/token';

/** The slice of the Web Storage API we use, so tests can pass a Map-backed fake. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

// The session is read on every render (useSyncExternalStore); the token is decoded only when
// the stored string changes.
let lastDecoded: { token: string; claims: IdTokenClaims | null } | null = null;

function claimsOf(token: string): IdTokenClaims | null {
  if (lastDecoded?.token !== token) lastDecoded = { token, claims: decodeIdToken(token) };
  return lastDecoded.claims;
}

/**
 * Logged in = a stored id token within the size cap (token.ts) that parses, was issued to this site's
 * client id and has not expired (with 60 s of clock skew). Any other stored token is removed with its access
 * token, so the reader is cleanly logged out.
 */
export function hasLiveSession(storage: KeyValueStorage, nowMs: number, clientId: string | null): boolean {
  const token = storage.getItem(ID_TOKEN_KEY);
  if (token === null) return false;
  if (isAcceptedToken(claimsOf(token), clientId, nowMs)) return true;
  clearTokens(storage);
  return false;
}

export function isLoggedIn(
  alwaysLoggedIn: boolean,
  storage: KeyValueStorage,
  nowMs: number,
  clientId: string | null,
): boolean {
  return alwaysLoggedIn || hasLiveSession(storage, nowMs, clientId);
}

/** Thrown when the browser refuses to store the tokens (quota exceeded, storage disabled). */
export class TokenStorageError extends Error {
  constructor(cause: unknown) {
    super('The browser refused to store the sign-in tokens.', { cause });
    this.name = 'TokenStorageError';
  }
}

/** Stores both tokens, or neither: a refused write leaves no half-stored session behind. */
export function storeTokens(storage: KeyValueStorage, idToken: string, accessToken: string | null): void {
  try {
    storage.setItem(ID_TOKEN_KEY, idToken);
    if (accessToken) storage.setItem(ACCESS_TOKEN_KEY, accessToken);
    else storage.removeItem(ACCESS_TOKEN_KEY);
  } catch (error) {
    clearTokens(storage);
    throw new TokenStorageError(error);
  }
}

export function clearTokens(storage: KeyValueStorage): void {
  storage.removeItem(ID_TOKEN_KEY);
  storage.removeItem(ACCESS_TOKEN_KEY);
}

/** Milliseconds until the stored token stops being accepted, for scheduling a logged-out re-render. */
export function msUntilExpiry(storage: KeyValueStorage, nowMs: number): number | null {
  const token = storage.getItem(ID_TOKEN_KEY);
  const claims = token === null ? null : claimsOf(token);
  return claims ? Math.max(0, acceptedUntilMs(claims) - nowMs) : null;
}
