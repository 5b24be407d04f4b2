// The same-origin session endpoint, /_auth/session:
//   POST {idToken, nonce}  verifies the token (and that its nonce is the one this sign-in sent)
//                          and sets the session cookie for no longer than the token lives;
//   GET                    204 while the session is valid, 401 otherwise (the client asks when
//                          an article chunk fails, to tell a lost session from a network error);
//   DELETE                 clears the cookie (logout, or a token that expired in the page).
import { clearedCookie, cookieMode, readCookie, sessionCookie } from './cookies.ts';
import { MAX_TOKEN_BYTES, verifyIdToken, type Verifier } from './token.ts';

export const SESSION_PATH = '/_auth/session';

function json(status: number, body: unknown, headers: Record<string, string>, extra: HeadersInit = {}): Response {
  const out = new Headers(headers);
  out.set('Content-Type', 'application/json; charset=utf-8');
  new Headers(extra).forEach((v, k) => out.append(k, v));
  return new Response(JSON.stringify(body), { status, headers: out });
}

/** True when the request carries a session cookie holding a valid id token. */
export async function hasSession(request: Request, verifier: Verifier, nowMs: number): Promise<boolean> {
  const mode = cookieMode(new URL(request.url));
  if (!mode) return false;
  const token = readCookie(request.headers.get('Cookie'), mode.name);
  if (!token) return false;
  return (await verifyIdToken(token, verifier, nowMs)).ok;
}

/**
 * Login CSRF guard: a cross-site page must not be able to plant its own token as the reader's
 * session. Browsers send Origin on every POST and DELETE; its absence means a non-browser client.
 */
function sameOrigin(request: Request): boolean {
  return request.headers.get('Origin') === new URL(request.url).origin;
}

export async function handleSession(
  request: Request,
  verifier: Verifier | null,
  nowMs: number,
  headers: Record<string, string>,
): Promise<Response> {
  const url = new URL(request.url);
  const mode = cookieMode(url);
  if (request.method === 'GET' || request.method === 'HEAD') {
    const open = verifier === null || (await hasSession(request, verifier, nowMs));
    return new Response(null, { status: open ? 204 : 401, headers });
  }
  if (request.method !== 'POST' && request.method !== 'DELETE') {
    return json(405, { error: 'Use POST, GET or DELETE.' }, headers, { Allow: 'GET, POST, DELETE' });
  }
  if (!sameOrigin(request)) return json(403, { error: 'Cross-origin session requests are refused.' }, headers);
  if (request.method === 'DELETE') {
    return new Response(null, {
      status: 204,
      headers: { ...headers, ...(mode ? { 'Set-Cookie': clearedCookie(mode) } : {}) },
    });
  }
  // The gate is open (preview, SKIP_AUTH, no identity configured): there is nothing to hold.
  if (verifier === null) return new Response(null, { status: 204, headers });
  if (!mode) return json(400, { error: 'A session needs https.' }, headers);
  if (!/^application\/json\b/i.test(request.headers.get('Content-Type') ?? '')) {
    return json(415, { error: 'Send the id token as JSON.' }, headers);
  }
  const text = await request.text();
  if (text.length > MAX_TOKEN_BYTES + 1024) return json(413, { error: 'The id token is too large.' }, headers);
  let body: { idToken?: unknown; nonce?: unknown };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    return json(400, { error: 'The body is not JSON.' }, headers);
  }
  if (typeof body?.idToken !== 'string' || typeof body.nonce !== 'string' || body.nonce === '') {
    return json(400, { error: 'Send {"idToken": "...", "nonce": "..."}.' }, headers);
  }
  const verified = await verifyIdToken(body.idToken, verifier, nowMs, body.nonce);
  if (!verified.ok) {
    return json(401, { error: verified.reason }, headers, mode ? { 'Set-Cookie': clearedCookie(mode) } : {});
  }
  const maxAge = verified.claims.exp - Math.floor(nowMs / 1000);
  if (maxAge <= 0) return json(401, { error: 'The id token has already expired.' }, headers);
  return new Response(null, {
    status: 204,
    headers: { ...headers, 'Set-Cookie': sessionCookie(mode, body.idToken, maxAge) },
  });
}
