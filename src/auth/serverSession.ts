// The browser side of the server session (server/guide-gate/session.ts). The id token in localStorage drives
// the interface; the HttpOnly cookie the gate sets from it is what opens guide files. These calls
// keep the two together: sign-in opens the session, logout and expiry close it.
import { ACCESS_TOKEN_KEY, ID_TOKEN_KEY } from '../../shared/auth/storageKeys';

export const SESSION_ENDPOINT = '/_auth/session';
export const LOGIN_ENDPOINT = '/_auth/login';

type Fetch = typeof fetch;

export type SessionOpenResult = { ok: true } | { ok: false; reason: string };

export type LoginStart = { ok: true; nonce: string | null } | { ok: false; reason: string };

/**
 * Starts a sign-in on the server (server/guide-gate/session.ts), which sets an HttpOnly cookie only
 * this browser holds and answers the nonce derived from it. `nonce: null` means no gate (the dev
 * server of `npm start` answers 404) or an open one: the browser's own random nonce serves there.
 */
export async function startServerLogin(doFetch: Fetch = fetch): Promise<LoginStart> {
  let response: Response;
  try {
    response = await doFetch(LOGIN_ENDPOINT, { method: 'POST', credentials: 'same-origin', cache: 'no-store' });
  } catch {
    return { ok: false, reason: 'The server could not be reached to start the sign-in.' };
  }
  if (response.status === 404 || response.status === 405) return { ok: true, nonce: null };
  const body = (await response.json().catch(() => null)) as { nonce?: unknown; error?: unknown } | null;
  if (response.ok && (typeof body?.nonce === 'string' || body?.nonce === null)) return { ok: true, nonce: body.nonce };
  const detail = typeof body?.error === 'string' ? body.error : `HTTP ${response.status}`;
  return { ok: false, reason: `The server did not start the sign-in. ${detail}` };
}

/**
 * Hands the id token to the server, which verifies it and that its nonce belongs to the sign-in
 * this browser started. A host without the gate (`npm start`'s dev server) answers 404: the
 * client-side gate is all there is.
 */
export async function openServerSession(idToken: string, doFetch: Fetch = fetch): Promise<SessionOpenResult> {
  let response: Response;
  try {
    response = await doFetch(SESSION_ENDPOINT, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ idToken }),
    });
  } catch {
    return { ok: false, reason: 'The server could not be reached to complete the sign-in.' };
  }
  if (response.ok || response.status === 404) return { ok: true };
  const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
  const detail = typeof body?.error === 'string' ? body.error : `HTTP ${response.status}`;
  return { ok: false, reason: `The server did not accept the sign-in. ${detail}` };
}

/**
 * After the callback's own checks stored the tokens: opens the server session. When the server
 * refuses, the stored tokens are removed so the browser and the server agree.
 */
export async function openSessionAfterLogin(
  storage: Pick<Storage, 'getItem' | 'removeItem'>,
  doFetch: Fetch = fetch,
): Promise<SessionOpenResult> {
  const idToken = storage.getItem(ID_TOKEN_KEY);
  const result = idToken
    ? await openServerSession(idToken, doFetch)
    : ({ ok: false, reason: 'The sign-in left no id token to hand to the server.' } as const);
  if (!result.ok) {
    storage.removeItem(ID_TOKEN_KEY);
    storage.removeItem(ACCESS_TOKEN_KEY);
  }
  return result;
}

/** Ends the server session; resolves either way, since logout must go on regardless. */
export async function closeServerSession(doFetch: Fetch = fetch): Promise<void> {
  try {
    await doFetch(SESSION_ENDPOINT, { method: 'DELETE', credentials: 'same-origin', keepalive: true });
  } catch {
    // Offline: the session still ends after its idle time (server/guide-gate/session.ts).
  }
}

/** Whether the server holds a session: true, false, or null when it cannot be asked. */
export async function serverSessionOpen(doFetch: Fetch = fetch): Promise<boolean | null> {
  try {
    const response = await doFetch(SESSION_ENDPOINT, { method: 'GET', credentials: 'same-origin', cache: 'no-store' });
    if (response.status === 204) return true;
    if (response.status === 401) return false;
    return null;
  } catch {
    return null;
  }
}
