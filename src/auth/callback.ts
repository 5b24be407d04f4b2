import { LOGIN_NONCE_KEY, LOGIN_STATE_KEY, REDIRECT_AFTER_LOGIN_KEY } from './storageKeys';
import type { KeyValueStorage } from './session';
import { storeTokens } from './session';
import { audienceIncludes, decodeIdToken, isUnexpired } from './token';
import { safeRedirectPath } from './redirect';

export type CallbackResult =
  | { kind: 'success'; redirectTo: string }
  | { kind: 'provider-error'; error: string; description: string }
  | { kind: 'rejected'; reason: string };

/** The fragment the provider appends (`#id_token=...&state=...`), as a map. */
export function parseFragment(hash: string): URLSearchParams {
  return new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
}

/**
 * Checks a callback fragment against the attempt this tab started and, only when every check
 * passes, stores the tokens. The one-time state and nonce are cleared in every outcome so a
 * captured fragment cannot be replayed.
 */
export function completeLogin(
  hash: string,
  deps: { local: KeyValueStorage; session: KeyValueStorage; clientId: string; nowMs: number },
): CallbackResult {
  const params = parseFragment(hash);
  const expectedState = deps.session.getItem(LOGIN_STATE_KEY);
  const expectedNonce = deps.session.getItem(LOGIN_NONCE_KEY);
  deps.session.removeItem(LOGIN_STATE_KEY);
  deps.session.removeItem(LOGIN_NONCE_KEY);

  const error = params.get('error');
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
  storeTokens(deps.local, idToken, params.get('access_token'));
  const redirectTo = safeRedirectPath(deps.local.getItem(REDIRECT_AFTER_LOGIN_KEY));
  deps.local.removeItem(REDIRECT_AFTER_LOGIN_KEY);
  return { kind: 'success', redirectTo };
}
