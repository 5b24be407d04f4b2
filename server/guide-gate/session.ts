// Sessions: what lets a browser read guides. POST /_auth/login sets an HttpOnly binding cookie
// (random R) and answers the nonce base64url(SHA-256(R)); POST /_auth/session accepts an id token
// only with that nonce, so a leaked token opens no session elsewhere, and sets the session cookie,
// a JWT signed with SESSION_SECRET; GET says whether it holds; DELETE clears both cookies.
// Why, lifetimes and logout: maintainers/decisions/2026-11-27-gate-sessions.md
import { SignJWT, jwtVerify } from 'jose';
import { clearCookie, cookieMode, readCookie, setCookie, type CookieMode } from './cookies.ts';
import { MAX_TOKEN_BYTES, verifyIdToken, type Verifier } from './token.ts';

export const SESSION_PATH = '/_auth/session';
export const LOGIN_PATH = '/_auth/login';
export const SESSION_ISSUER = 'veriq-docs-gate';
/** A session unused for this long ends; each use within it renews the cookie. */
export const SESSION_IDLE_SECONDS = 60 * 60;
/** No session outlives its sign-in by more than this, whatever the id token says. */
export const SESSION_MAX_SECONDS = 12 * 60 * 60;
/** How long a started sign-in may take at the provider. */
export const LOGIN_BINDING_SECONDS = 10 * 60;
/** SESSION_SECRET must be at least this long (HS256 wants 256 bits of key). */
export const MIN_SECRET_LENGTH = 32;

/** How the gate treats guides: open (previews, SKIP_AUTH), closed (no identity), or enforced. */
export type Access =
  | { kind: 'open' }
  | { kind: 'closed'; reason: string }
  | { kind: 'enforced'; verifier: Verifier; sessions: SessionSigner };

export interface SessionSigner {
  key: Uint8Array;
  /** The session's audience: the client id, so a session of one site configuration opens no other. */
  audience: string;
}

export interface SessionClaims {
  sub: string;
  /** Unix seconds: the session's current end (idle limit). */
  exp: number;
  /** Unix seconds: the sign-in's end; renewals never go past it. */
  authExp: number;
}

/** The signer for SESSION_SECRET, or why there is none. */
export function sessionSigner(secret: string | null | undefined, audience: string): SessionSigner | string {
  const value = secret?.trim() ?? '';
  if (value === '') return 'SESSION_SECRET is not set, so no session can be signed: sign-in is unavailable.';
  if (value.length < MIN_SECRET_LENGTH) {
    return `SESSION_SECRET has ${value.length} characters; it needs at least ${MIN_SECRET_LENGTH} (e.g. openssl rand -base64 48).`;
  }
  return { key: new TextEncoder().encode(value), audience };
}

function json(status: number, body: unknown, headers: Record<string, string>, cookies: string[] = []): Response {
  const out = new Headers(headers);
  out.set('Content-Type', 'application/json; charset=utf-8');
  for (const cookie of cookies) out.append('Set-Cookie', cookie);
  return new Response(JSON.stringify(body), { status, headers: out });
}

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The nonce a binding value stands for: base64url(SHA-256(value)). */
export async function nonceOf(binding: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(binding))));
}

const hmacKeys = new WeakMap<Uint8Array, Promise<CryptoKey>>();

/** The signer's key, imported once: jose imports a raw key on every call, twice a check's cost. */
function hmacKey(signer: SessionSigner): Promise<CryptoKey> {
  let key = hmacKeys.get(signer.key);
  if (!key) {
    const raw = new Uint8Array(signer.key);
    key = crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    hmacKeys.set(signer.key, key);
  }
  return key;
}

export async function mintSession(signer: SessionSigner, claims: SessionClaims): Promise<string> {
  return new SignJWT({ auth_exp: claims.authExp })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(SESSION_ISSUER)
    .setAudience(signer.audience)
    .setSubject(claims.sub)
    .setExpirationTime(claims.exp)
    .sign(await hmacKey(signer));
}

/** The claims of the request's session cookie, or null. Never throws. */
export async function readSession(
  request: Request,
  signer: SessionSigner,
  nowMs: number,
): Promise<SessionClaims | null> {
  const mode = cookieMode(new URL(request.url));
  if (!mode) return null;
  const token = readCookie(request.headers.get('Cookie'), mode.name);
  if (!token || token.length > 2048) return null;
  try {
    const { payload } = await jwtVerify(token, await hmacKey(signer), {
      issuer: SESSION_ISSUER,
      audience: signer.audience,
      algorithms: ['HS256'],
      currentDate: new Date(nowMs),
      requiredClaims: ['exp', 'sub', 'auth_exp'],
    });
    const authExp = payload.auth_exp;
    if (typeof authExp !== 'number' || typeof payload.sub !== 'string' || typeof payload.exp !== 'number') return null;
    if (authExp * 1000 <= nowMs) return null;
    return { sub: payload.sub, exp: payload.exp, authExp };
  } catch {
    return null;
  }
}

/** The next idle window of a session, capped at the sign-in's end. */
function nextClaims(sub: string, authExp: number, nowMs: number): SessionClaims {
  return { sub, authExp, exp: Math.min(Math.floor(nowMs / 1000) + SESSION_IDLE_SECONDS, authExp) };
}

/**
 * The Set-Cookie that renews a session once half of its idle window has passed (and the sign-in
 * has time left), or null: most requests of an active reader carry no cookie.
 */
export async function renewedCookie(
  request: Request,
  signer: SessionSigner,
  session: SessionClaims,
  nowMs: number,
): Promise<string | null> {
  const mode = cookieMode(new URL(request.url));
  const now = Math.floor(nowMs / 1000);
  if (!mode || session.exp - now > SESSION_IDLE_SECONDS / 2 || session.exp >= session.authExp) return null;
  const claims = nextClaims(session.sub, session.authExp, nowMs);
  return setCookie(mode.name, mode.secure, await mintSession(signer, claims), claims.authExp - now);
}

/**
 * Login CSRF guard: a cross-site page must not be able to start a sign-in or plant a session.
 * Browsers send Origin on every POST and DELETE; its absence means a non-browser client.
 */
function sameOrigin(request: Request): boolean {
  return request.headers.get('Origin') === new URL(request.url).origin;
}

function clearAll(mode: CookieMode): string[] {
  return mode ? [clearCookie(mode.name, mode.secure), clearCookie(mode.loginName, mode.secure)] : [];
}

/** POST /_auth/login. */
export async function handleLogin(
  request: Request,
  access: Access,
  headers: Record<string, string>,
): Promise<Response> {
  if (request.method !== 'POST') return json(405, { error: 'Use POST.' }, { ...headers, Allow: 'POST' });
  if (!sameOrigin(request)) return json(403, { error: 'Cross-origin sign-in requests are refused.' }, headers);
  // An open gate needs no sign-in to read guides; the browser's own nonce is enough there.
  if (access.kind === 'open') return json(200, { nonce: null }, headers);
  if (access.kind === 'closed') return json(503, { error: access.reason }, headers);
  const mode = cookieMode(new URL(request.url));
  if (!mode) return json(400, { error: 'Sign-in needs https.' }, headers);
  const binding = base64url(crypto.getRandomValues(new Uint8Array(32)));
  return json(200, { nonce: await nonceOf(binding) }, headers, [
    setCookie(mode.loginName, mode.secure, binding, LOGIN_BINDING_SECONDS),
  ]);
}

/** /_auth/session. */
export async function handleSession(
  request: Request,
  access: Access,
  nowMs: number,
  headers: Record<string, string>,
): Promise<Response> {
  const mode = cookieMode(new URL(request.url));
  if (request.method === 'GET' || request.method === 'HEAD') {
    if (access.kind === 'open') return new Response(null, { status: 204, headers });
    if (access.kind === 'closed') return new Response(null, { status: 401, headers });
    const session = await readSession(request, access.sessions, nowMs);
    if (!session) return new Response(null, { status: 401, headers });
    const renewed = await renewedCookie(request, access.sessions, session, nowMs);
    return new Response(null, { status: 204, headers: renewed ? { ...headers, 'Set-Cookie': renewed } : headers });
  }
  if (request.method !== 'POST' && request.method !== 'DELETE') {
    return json(405, { error: 'Use POST, GET or DELETE.' }, { ...headers, Allow: 'GET, POST, DELETE' });
  }
  if (!sameOrigin(request)) return json(403, { error: 'Cross-origin session requests are refused.' }, headers);
  if (request.method === 'DELETE') {
    const out = new Headers(headers);
    for (const cookie of clearAll(mode)) out.append('Set-Cookie', cookie);
    return new Response(null, { status: 204, headers: out });
  }
  if (access.kind === 'open') return new Response(null, { status: 204, headers });
  if (access.kind === 'closed') return json(503, { error: access.reason }, headers, clearAll(mode));
  if (!mode) return json(400, { error: 'A session needs https.' }, headers);
  // Whatever happens next, this sign-in's binding is used up; a refused sign-in also ends any
  // session this browser held, so it never reads guides as someone else.
  const used = [clearCookie(mode.loginName, mode.secure)];
  const failed = clearAll(mode);
  if (!/^application\/json\b/i.test(request.headers.get('Content-Type') ?? '')) {
    return json(415, { error: 'Send the id token as JSON.' }, headers, failed);
  }
  const text = await request.text();
  if (text.length > MAX_TOKEN_BYTES + 1024) return json(413, { error: 'The id token is too large.' }, headers, failed);
  let body: { idToken?: unknown };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    return json(400, { error: 'The body is not JSON.' }, headers, failed);
  }
  if (typeof body?.idToken !== 'string') return json(400, { error: 'Send {"idToken": "..."}.' }, headers, failed);
  const refused = (reason: string) => json(401, { error: reason }, headers, failed);
  const binding = readCookie(request.headers.get('Cookie'), mode.loginName);
  if (!binding) {
    return refused('No sign-in was started in this browser (or it took over 10 minutes): sign in again.');
  }
  const verified = await verifyIdToken(body.idToken, access.verifier, nowMs, await nonceOf(binding));
  if (!verified.ok) {
    return refused(
      verified.nonceMismatch
        ? 'The id token was not issued for the sign-in this browser started (nonce mismatch): sign in again.'
        : verified.reason,
    );
  }
  const now = Math.floor(nowMs / 1000);
  const authExp = Math.min(verified.claims.exp, now + SESSION_MAX_SECONDS);
  if (authExp <= now) return refused('The id token has already expired.');
  const claims = nextClaims(String(verified.claims.sub), authExp, nowMs);
  const cookie = setCookie(mode.name, mode.secure, await mintSession(access.sessions, claims), authExp - now);
  const out = new Headers({ ...headers, 'Content-Type': 'application/json; charset=utf-8' });
  for (const c of [...used, cookie]) out.append('Set-Cookie', c);
  // The client caps what it derives from the session (the search key) at this time.
  return new Response(JSON.stringify({ expiresAt: authExp }), { status: 200, headers: out });
}
