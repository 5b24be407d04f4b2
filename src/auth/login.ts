import { LOGIN_NONCE_KEY, LOGIN_STATE_KEY, REDIRECT_AFTER_LOGIN_KEY } from '../../shared/auth/storageKeys';
import type { KeyValueStorage } from './session';
import { safeRedirectPath } from '../../shared/auth/redirect';
import { CALLBACK_PATH, isCallbackPath } from '../../shared/auth/callbackPath';

export { CALLBACK_PATH };
export const LOGIN_SCOPE = 'openid profile email';
export const LOGIN_RESPONSE_TYPE = 'id_token token';

/**
 * A fresh random value for `state` and `nonce`: 32 bytes from the platform CSPRNG, base64url.
 * RFC 9700 (OAuth 2.0 Security BCP) requires them to be unguessable and single-use; the
 * original site's fixed values allowed login CSRF and token replay.
 */
export function randomToken(random: Pick<Crypto, 'getRandomValues'> = globalThis.crypto): string {
  const bytes = random.getRandomValues(new Uint8Array(32));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export interface AuthorizeRequest {
  domain: string;
  clientId: string;
  redirectUri: string;
  state: string;
  nonce: string;
}

export function buildAuthorizeUrl(req: AuthorizeRequest): string {
  const url = new URL('/authorize', req.domain);
  url.search = new URLSearchParams({
    response_type: LOGIN_RESPONSE_TYPE,
    client_id: req.clientId,
    redirect_uri: req.redirectUri,
    scope: LOGIN_SCOPE,
    state: req.state,
    nonce: req.nonce,
  }).toString();
  return url.toString();
}

export interface LoginDeps {
  local: KeyValueStorage;
  session: KeyValueStorage;
  origin: string;
  currentPath: string;
  random?: Pick<Crypto, 'getRandomValues'>;
}

/**
 * True when the configured callback address (AUTH0_CALLBACK_URL) is on the page's own origin. The
 * tokens and one-time values live in this origin's storage, so a callback elsewhere (an alias
 * domain, a misconfigured deploy) could never complete: login is offered only where this holds.
 */
export function callbackOnOrigin(callbackUrl: string, origin: string): boolean {
  try {
    return new URL(callbackUrl).origin === origin;
  } catch {
    return false;
  }
}

/**
 * Records where to come back to and a fresh state and nonce (the server's, when it bound one to
 * this browser); returns the URL to navigate to. The
 * redirect_uri is the configured callback address, exactly as registered with the provider.
 */
export function prepareLogin(
  config: { domain: string; clientId: string; callbackUrl: string },
  deps: LoginDeps,
  /** The nonce the server bound to this browser (serverSession.startServerLogin); null: make one. */
  serverNonce: string | null = null,
): string {
  if (!callbackOnOrigin(config.callbackUrl, deps.origin)) {
    throw new Error(`AUTH0_CALLBACK_URL (${config.callbackUrl}) is not on this page's origin (${deps.origin})`);
  }
  const state = randomToken(deps.random);
  const nonce = serverNonce ?? randomToken(deps.random);
  const back = safeRedirectPath(deps.currentPath);
  // The callback page itself is never a useful destination.
  deps.local.setItem(REDIRECT_AFTER_LOGIN_KEY, isCallbackPath(back.split(/[?#]/)[0]) ? '/' : back);
  deps.session.setItem(LOGIN_STATE_KEY, state);
  deps.session.setItem(LOGIN_NONCE_KEY, nonce);
  return buildAuthorizeUrl({
    domain: config.domain,
    clientId: config.clientId,
    redirectUri: config.callbackUrl,
    state,
    nonce,
  });
}
