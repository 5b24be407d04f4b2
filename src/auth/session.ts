import { ACCESS_TOKEN_KEY, ID_TOKEN_KEY } from './storageKeys';
import { decodeIdToken, isUnexpired } from './token';

/** The slice of the Web Storage API we use, so tests can pass a Map-backed fake. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * Logged in = a stored id token that parses and has not expired (spec §4). An expired or
 * malformed token is removed with its access token, so the reader is cleanly logged out.
 */
export function hasLiveSession(storage: KeyValueStorage, nowMs: number): boolean {
  const token = storage.getItem(ID_TOKEN_KEY);
  if (token === null) return false;
  const claims = decodeIdToken(token);
  if (claims && isUnexpired(claims, nowMs)) return true;
  clearTokens(storage);
  return false;
}

export function isLoggedIn(alwaysLoggedIn: boolean, storage: KeyValueStorage, nowMs: number): boolean {
  return alwaysLoggedIn || hasLiveSession(storage, nowMs);
}

export function storeTokens(storage: KeyValueStorage, idToken: string, accessToken: string | null): void {
  storage.setItem(ID_TOKEN_KEY, idToken);
  if (accessToken) storage.setItem(ACCESS_TOKEN_KEY, accessToken);
  else storage.removeItem(ACCESS_TOKEN_KEY);
}

export function clearTokens(storage: KeyValueStorage): void {
  storage.removeItem(ID_TOKEN_KEY);
  storage.removeItem(ACCESS_TOKEN_KEY);
}

/** Milliseconds until the stored token expires, for scheduling a logged-out re-render. */
export function msUntilExpiry(storage: KeyValueStorage, nowMs: number): number | null {
  const claims = decodeIdToken(storage.getItem(ID_TOKEN_KEY));
  return claims ? Math.max(0, claims.exp * 1000 - nowMs) : null;
}
