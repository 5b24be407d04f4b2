import { LOGIN_NONCE_KEY, LOGIN_STATE_KEY, REDIRECT_AFTER_LOGIN_KEY } from '../../shared/auth/storageKeys';
import type { KeyValueStorage } from './session';
import { storeTokens, TokenStorageError } from './session';
import { audienceIncludes, decodeIdToken, isUnexpired, MAX_ID_TOKEN_LENGTH } from '../../shared/auth/token';
import { safeRedirectPath } from '../../shared/auth/redirect';

export type CallbackResult =
  | { kind: 'success'; redirectTo: string }
  | { kind: 'provider-error'; error: string; description: string }
  | { kind: 'rejected'; reason: string };

/** The fragment the provider appends (`#id_token=...&state=...`), as a map. */
export function parseFragment(hash: string): URLSearchParams {
  return new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
}

/** Shown for a provider error that does not answer this tab's pending sign-in. */
export const UNRELATED_ERROR_MESSAGE =
  'The sign-in service reported an error for a sign-in this tab did not start. Nothing was changed.';

export const STORAGE_REFUSED_MESSAGE =
  'Your browser would not store the sign-in: its storage for this site is full or turned off. ' +
  'Free some space or allow site data for this site, then sign in again.';

/**
 * Checks a callback fragment against this tab's attempt and, only when every check passes, stores
 * the tokens; the one-time values are then cleared, so a captured fragment cannot be replayed. An
 * error is trusted only with the attempt's state, since anyone can link to `#error=…` on this page.
 */
export function completeLogin(
  hash: string,
  deps: { local: KeyValueStorage; session: KeyValueStorage; clientId: string; nowMs: number },
): CallbackResult {
  const params = parseFragment(hash);
  const expectedState = deps.session.getItem(LOGIN_STATE_KEY);
  const expectedNonce = deps.session.getItem(LOGIN_NONCE_KEY);

  const error = params.get('error');
  if (error && (!expectedState || params.get('state') !== expectedState)) {
    return { kind: 'rejected', reason: UNRELATED_ERROR_MESSAGE };
  }
  deps.session.removeItem(LOGIN_STATE_KEY);
  deps.session.removeItem(LOGIN_NONCE_KEY);
  if (error) {
    return { kind: 'provider-error', error, description: params.get('error_description') ?? error };
  }
  if (!expectedState || !expectedNonce) {
    return { kind: 'rejected', reason: 'No sign-in was started from this browser tab, or it was already completed.' };
  }
  if (params.get('state') !== expectedState) {
    return {
      kind: 'rejected',
      reason: 'The sign-in response does not match the request this tab sent (state mismatch).',
    };
  }
  const idToken = params.get('id_token');
  if (idToken && idToken.length > MAX_ID_TOKEN_LENGTH) {
    return { kind: 'rejected', reason: 'The id token is larger than this site accepts.' };
  }
  const claims = decodeIdToken(idToken);
  if (!idToken || !claims) {
    return { kind: 'rejected', reason: 'The sign-in response has no readable id token.' };
  }
  if (claims.nonce !== expectedNonce) {
    return { kind: 'rejected', reason: 'The id token was not issued for this sign-in (nonce mismatch).' };
  }
  if (!audienceIncludes(claims, deps.clientId)) {
    return { kind: 'rejected', reason: 'The id token was issued to a different application (audience mismatch).' };
  }
  if (!isUnexpired(claims, deps.nowMs)) {
    return { kind: 'rejected', reason: 'The id token has already expired.' };
  }
  try {
    storeTokens(deps.local, idToken, params.get('access_token'));
  } catch (cause) {
    if (cause instanceof TokenStorageError) return { kind: 'rejected', reason: STORAGE_REFUSED_MESSAGE };
    throw cause;
  }
  const redirectTo = safeRedirectPath(deps.local.getItem(REDIRECT_AFTER_LOGIN_KEY));
  deps.local.removeItem(REDIRECT_AFTER_LOGIN_KEY);
  return { kind: 'success', redirectTo };
}
