// The gate's unit tests, written once and run twice: by Vitest under Node
// (tests/unit/gate.test.ts) and by Deno (tests/gate/gate.deno.test.ts), the runtime of Netlify's
// edge functions. Only web-standard APIs and jose here, no Node built-ins and no test framework.
import fc from 'fast-check';
import { SignJWT, createLocalJWKSet, exportJWK, generateKeyPair, type JWK } from 'jose';
import { createGate, type Gate } from '../../server/guide-gate/gate.ts';
import { classifyPath, encodePath, normalisePath } from '../../server/guide-gate/paths.ts';
import {
  cookieMode,
  LOOPBACK_COOKIE,
  LOOPBACK_LOGIN_COOKIE,
  readCookie,
  SECURE_COOKIE,
  SECURE_LOGIN_COOKIE,
} from '../../server/guide-gate/cookies.ts';
import { toShell } from '../../server/guide-gate/shell.ts';
import { mismatchWithBuild, readGateSettings } from '../../server/guide-gate/config.ts';
import { parseManifest, type GateManifest } from '../../server/guide-gate/manifest.ts';
import { accessFor } from '../../server/guide-gate/access.ts';
import {
  mintSession,
  SESSION_IDLE_SECONDS,
  SESSION_MAX_SECONDS,
  sessionSigner,
  type Access,
  type SessionSigner,
} from '../../server/guide-gate/session.ts';
import { MAX_TOKEN_BYTES, verifyIdToken, type Verifier } from '../../server/guide-gate/token.ts';
import { bookUrl } from '../../shared/books.ts';
import { SPELLING_SEED, spellingOf } from './spellings.ts';
import { check, equal } from './check.ts';

export interface GateCase {
  name: string;
  run: () => Promise<void>;
}

export const ISSUER = 'https://tenant.example.auth0.com/';
export const CLIENT_ID = 'docs-client';
const NOW = Date.UTC(2026, 0, 1);
const nowS = Math.floor(NOW / 1000);
const CHUNK = '/assets/js/1137.deadbeef.js';
const ARTICLE = 'Rules compare two datasets row by row.';
const GUIDE_HTML = `<!doctype html><html><head><meta data-rh=true name=description content="${ARTICLE}"><meta property="og:description" content="${ARTICLE}"><meta name="viewport" content="width=device-width"><title>Rule</title></head><body><nav>Guides sidebar</nav><div class="markdown"><veriq-guide-article><p>${ARTICLE}</p></veriq-guide-article></div></body></html>`;

export const manifest: GateManifest = {
  guideChunks: [CHUNK],
  securityHeaders: { 'Content-Security-Policy': "default-src 'self'", 'X-Content-Type-Options': 'nosniff' },
  identity: { domain: ISSUER.slice(0, -1), clientId: CLIENT_ID },
  open: false,
};
const SECRET = 'a-session-secret-of-at-least-32-characters';

interface Keys {
  verifier: Verifier;
  sessions: SessionSigner;
  access: Access;
  sign: (claims: Record<string, unknown>, options?: { alg?: string; key?: 'other' }) => Promise<string>;
}

async function keys(): Promise<Keys> {
  const good = await generateKeyPair('RS256', { extractable: true });
  const other = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(good.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const verifier: Verifier = { issuer: ISSUER, audience: CLIENT_ID, keys: createLocalJWKSet({ keys: [jwk] }) };
  const sessions = sessionSigner(SECRET, CLIENT_ID) as SessionSigner;
  return {
    verifier,
    sessions,
    access: { kind: 'enforced', verifier, sessions },
    sign: (claims, options = {}) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: options.alg ?? 'RS256', kid: 'k1' })
        .sign(options.key === 'other' ? other.privateKey : good.privateKey),
  };
}

const validClaims = (extra: Record<string, unknown> = {}) => ({
  iss: ISSUER,
  aud: CLIENT_ID,
  sub: 'auth0|reader',
  iat: nowS - 10,
  exp: nowS + 3600,
  nonce: 'n-123',
  ...extra,
});

function b64url(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A gate over a fake build: every path answers 200, /guides/* with a guide page. */
function gateFor(access: Access, served: string[] = [], clock: { now: number } = { now: NOW }): Gate {
  return createGate({
    manifest,
    access,
    now: () => clock.now,
    searchKey: async (_now, notAfter) =>
      new Response(JSON.stringify({ key: 'scoped', notAfter }), { headers: { 'Content-Type': 'application/json' } }),
    next: async (request) => {
      const path = new URL(request.url).pathname;
      served.push(path);
      if (path.includes('missing'))
        return new Response('<html>Not found</html>', { status: 404, headers: { 'Content-Type': 'text/html' } });
      const html = /guides/i.test(decodeURIComponent(path)) && !/\.md$/.test(path);
      return new Response(html ? GUIDE_HTML : `file ${path} ${ARTICLE}`, {
        headers: { 'Content-Type': html ? 'text/html; charset=utf-8' : 'text/plain', 'Cache-Control': 'public' },
      });
    },
  });
}

const site = 'https://docs.example.com';
const get = (path: string, cookie?: string, method = 'GET') =>
  new Request(site + path, { method, headers: cookie ? { Cookie: `${SECURE_COOKIE}=${cookie}` } : {} });

const cookieValue = (response: Response, name: string): string | null => {
  for (const header of response.headers.getSetCookie()) {
    const value = readCookie(header.split(';')[0], name);
    if (value !== null) return value;
  }
  return null;
};

/**
 * A browser's sign-in through the gate: POST /_auth/login sets the binding cookie and answers
 * the nonce, the provider (here: `sign`) puts that nonce in the id token, POST /_auth/session
 * with the binding cookie answers the session cookie.
 */
async function signInThrough(gate: Gate, k: Keys, claims: Record<string, unknown> = {}, url = site) {
  const loginName = url.startsWith('https:') ? SECURE_LOGIN_COOKIE : LOOPBACK_LOGIN_COOKIE;
  const sessionName = url.startsWith('https:') ? SECURE_COOKIE : LOOPBACK_COOKIE;
  const started = await gate(new Request(url + '/_auth/login', { method: 'POST', headers: { Origin: url } }));
  const binding = cookieValue(started, loginName);
  const { nonce } = (await started.json()) as { nonce: string };
  const idToken = await k.sign(validClaims({ nonce, ...claims }));
  const post = (cookie: string | null, token = idToken) =>
    gate(
      new Request(url + '/_auth/session', {
        method: 'POST',
        headers: {
          Origin: url,
          'Content-Type': 'application/json',
          ...(cookie === null ? {} : { Cookie: `${loginName}=${cookie}` }),
        },
        body: JSON.stringify({ idToken: token }),
      }),
    );
  const response = await post(binding);
  return { started, binding, nonce, idToken, response, post, session: cookieValue(response, sessionName) };
}

const GATED_PAGES = [
  '/guides',
  '/guides/data-testing/rule',
  '/%67uides/data-testing/rule',
  '//guides/data-testing/rule',
  '/guides/data-testing/rule.html',
  '/guides/data-testing/rule/index.html',
  '/GUIDES/data-testing/rule',
  '/install/../guides/concept',
  '/install/%2e%2e/guides/concept',
  '/%5Cguides/concept',
  '/guides/',
];
// The guides' PDF book, and spellings of it a host may read as the same file.
const GUIDES_BOOK = bookUrl('guides')!;
const GATED_FILES = [
  '/guides/data-testing/rule.md',
  '/%67uides/concept.md',
  GUIDES_BOOK,
  GUIDES_BOOK.toUpperCase(),
  `/${GUIDES_BOOK}`,
  GUIDES_BOOK.replace('/guides/', '/guides//'),
  GUIDES_BOOK.replace('/guides/', '/%67uides/'),
  GUIDES_BOOK.replace('/guides/', '/install/%2e%2e/guides/'),
  GUIDES_BOOK.replace('/guides/', '/guides/%2E/'),
  GUIDES_BOOK.replace('/guides/', '/%5Cguides/'),
  GUIDES_BOOK.replace('.pdf', '%2Epdf'),
];
const GATED_ASSETS = [
  '/assets/guides/index.json',
  '/assets/guides/text/rule.1a2b.json',
  '/%61ssets/guides/index.json',
  '/assets//guides/x.json',
  CHUNK,
  CHUNK.toUpperCase().replace('/ASSETS/JS/', '/assets/js/'),
  '/assets/js/%31137.deadbeef.js',
];
const PUBLIC = ['/', '/install-options', '/guidesx', '/assets/js/main.1234.js', '/releases/2025-03', '/img/guides.png'];

const REFUSED = [
  '/%2567uides/connections/snowflake',
  '/%2567uides/connections/snowflake.md',
  '/assets/%2567uides/search-index.json',
  '/%2561ssets/js/1137.deadbeef.js',
  CHUNK + '%3F',
  CHUNK + '%23',
  CHUNK + '%3Bx',
  '/%255fheaders',
  '/guides%00/concept',
  '/%E0%A4%A',
];

export async function gateCases(): Promise<GateCase[]> {
  const k = await keys();
  const cases: GateCase[] = [];
  const add = (name: string, run: () => Promise<void>) => cases.push({ name, run });
  const signedIn = await signInThrough(gateFor(k.access), k);
  const valid = signedIn.session!;

  add('normalises paths as the host serves them, and refuses spellings a second decoding would change', async () => {
    equal(normalisePath('/%67uides//a/./b/../c'), '/guides/a/c', 'decoded and resolved');
    equal(normalisePath('/a\\b'), '/a/b', 'backslash');
    equal(normalisePath('/../../etc/passwd'), '/etc/passwd', 'never above the root');
    for (const p of REFUSED) equal(normalisePath(p), null, p);
    equal(encodePath('/guides/a b/ü'), '/guides/a%20b/%C3%BC', 'encoded for the host');
    equal(normalisePath(encodePath('/guides/a b/ü')), '/guides/a b/ü', 'the host decodes it back');
  });

  add('classifies every gated spelling and leaves public paths alone', async () => {
    const chunks = new Set([CHUNK.toLowerCase()]);
    for (const p of GATED_PAGES) equal(classifyPath(p, chunks).kind, 'guide-page', p);
    for (const p of GATED_FILES) equal(classifyPath(p, chunks).kind, 'guide-file', p);
    for (const p of GATED_ASSETS) equal(classifyPath(p, chunks).kind, 'guide-asset', p);
    for (const p of PUBLIC) equal(classifyPath(p, chunks).kind, 'public', p);
    for (const p of REFUSED) equal(classifyPath(p, chunks).kind, 'refused', p);
    for (const p of ['/_headers', '/%5Fheaders', '/%5fHEADERS', '/.gate/manifest.json', '/%2egate/manifest.json']) {
      equal(classifyPath(p, chunks).kind, 'hidden', p);
    }
  });

  add('signed out: guide pages get the shell, guide files and assets 401, private, noindex, Vary: Cookie', async () => {
    const gate = gateFor(k.access);
    for (const p of GATED_PAGES) {
      const response = await gate(get(p));
      const body = await response.text();
      equal(response.status, 200, `${p} status`);
      check(
        body.includes('Guides sidebar') && body.includes('<veriq-guide-article></veriq-guide-article>'),
        `${p} shell`,
      );
      check(!body.includes(ARTICLE), `${p} must not hold the article (description metas included)`);
      check(body.includes('name="viewport"'), `${p} keeps other metas`);
      equal(response.headers.get('Cache-Control'), 'private, no-store', `${p} cache`);
      equal(response.headers.get('X-Robots-Tag'), 'noindex', `${p} robots`);
      equal(response.headers.get('Vary'), 'Cookie', `${p} vary`);
      equal(response.headers.get('Content-Security-Policy'), "default-src 'self'", `${p} CSP`);
      check(!response.headers.has('Content-Length'), `${p} length of the old body`);
    }
    for (const p of [...GATED_FILES, ...GATED_ASSETS]) {
      const response = await gate(get(p));
      equal(response.status, 401, `${p} status`);
      check(!(await response.text()).includes(ARTICLE), `${p} body`);
      equal(response.headers.get('Cache-Control'), 'private, no-store', `${p} cache`);
      equal(response.headers.get('Vary'), 'Cookie', `${p} vary`);
      equal(response.headers.get('X-Content-Type-Options'), 'nosniff', `${p} security headers`);
    }
    const notFound = await gate(get('/guides/missing'));
    equal(notFound.status, 404, 'unknown guide path keeps the not-found page');
  });

  add('refusals keep the type the file would have had, and HEAD answers as GET does', async () => {
    const gate = gateFor(k.access);
    const types: Record<string, string> = {
      '/guides/concept.md': 'text/markdown; charset=utf-8',
      [CHUNK]: 'text/javascript; charset=utf-8',
      '/assets/guides/index.json': 'application/json; charset=utf-8',
    };
    for (const [p, type] of Object.entries(types)) {
      equal((await gate(get(p))).headers.get('Content-Type'), type, `${p} type`);
      const head = await gate(get(p, undefined, 'HEAD'));
      equal(head.status, 401, `${p} HEAD status`);
      equal(head.body, null, `${p} HEAD body`);
    }
    const shell = await gate(get('/guides/concept', undefined, 'HEAD'));
    equal(shell.status, 200, 'HEAD of a guide page answers like its GET (the shell)');
    equal(shell.body, null, 'HEAD has no body');
    equal(shell.headers.get('Content-Type'), 'text/html; charset=utf-8', 'HEAD type');
    const opened = await gate(get('/guides/concept.md', valid, 'HEAD'));
    equal(opened.status, 200, 'HEAD with a session');
  });

  add('ambiguous spellings get 400 without asking the host; the host gets the path the gate judged', async () => {
    const served: string[] = [];
    const gate = gateFor(k.access, served);
    for (const p of REFUSED) {
      const response = await gate(get(p, valid));
      equal(response.status, 400, p);
      check(!(await response.text()).includes(ARTICLE), `${p} body`);
    }
    equal(served.length, 0, 'the host was never asked for an ambiguous spelling');
    await gate(get('/install/../%67uides//concept', valid));
    await gate(get('/assets/../img/a%20b.png'));
    equal(served.join(' '), '/guides/concept /img/a%20b.png', 'judged paths, re-encoded');
  });

  add('a guide page without the article marker is refused, not served whole', async () => {
    const gate = createGate({
      manifest,
      access: k.access,
      now: () => NOW,
      next: async () => new Response(`<html><p>${ARTICLE}</p></html>`, { headers: { 'Content-Type': 'text/html' } }),
    });
    const response = await gate(get('/guides/concept'));
    equal(response.status, 401, 'status');
    check(!(await response.text()).includes(ARTICLE), 'body');
  });

  add('public paths pass through untouched; the gate files and _headers are never served', async () => {
    const served: string[] = [];
    const gate = gateFor(k.access, served);
    for (const p of PUBLIC) {
      const response = await gate(get(p));
      equal(response.status, 200, p);
      equal(response.headers.get('Cache-Control'), 'public', `${p} keeps the host's headers`);
    }
    for (const p of ['/_headers', '/%5Fheaders', '/.gate/manifest.json']) equal((await gate(get(p))).status, 404, p);
    check(!served.some((p) => /headers|gate/.test(p)), 'never asked the host for them');
  });

  add('generated spellings of the guides book never get it signed out, and get it signed in', async () => {
    // A host that has the book and nothing else, decoding once and ignoring case, as a lenient
    // one may: a spelling it reads as the book must never reach it without a session.
    const book = `%PDF-1.7 the guides book: ${ARTICLE}`;
    const gate = createGate({
      manifest,
      access: k.access,
      now: () => NOW,
      next: async (request) => {
        const path = decodeURIComponent(new URL(request.url).pathname).toLowerCase();
        return path === GUIDES_BOOK
          ? new Response(book, { headers: { 'Content-Type': 'application/pdf' } })
          : new Response('<html>Not found</html>', { status: 404, headers: { 'Content-Type': 'text/html' } });
      },
    });
    await fc.assert(
      fc.asyncProperty(spellingOf(GUIDES_BOOK), async (spelled) => {
        const refused = await gate(get(spelled));
        check(!(await refused.text()).includes(ARTICLE), `${spelled}: the book without a session`);
        const opened = await gate(get(spelled, valid));
        const body = await opened.text();
        if (normalisePath(spelled)?.toLowerCase() === GUIDES_BOOK) {
          equal(refused.status, 401, `${spelled} signed out`);
          equal(opened.status, 200, `${spelled} with a session`);
          equal(body, book, `${spelled} with a session: the book`);
        }
      }),
      { seed: SPELLING_SEED, numRuns: 400 },
    );
  });

  add('a valid session opens everything, still private, noindex and Vary: Cookie', async () => {
    const gate = gateFor(k.access);
    for (const p of [...GATED_PAGES, ...GATED_FILES, ...GATED_ASSETS]) {
      const response = await gate(get(p, valid));
      equal(response.status, 200, p);
      check((await response.text()).includes(ARTICLE), `${p} full content`);
      equal(response.headers.get('Cache-Control'), 'private, no-store', `${p} cache`);
      equal(response.headers.get('X-Robots-Tag'), 'noindex', `${p} robots`);
      equal(response.headers.get('Vary'), 'Cookie', `${p} vary`);
    }
  });

  add(
    'forged, unsigned, alg:none, HS256, wrong-issuer, wrong-audience, expired, future and oversized id tokens get no session',
    async () => {
      const header = b64url(JSON.stringify({ alg: 'none', typ: 'JWT' }));
      const { binding, nonce, idToken: good } = await signInThrough(gateFor(k.access), k);
      const claims = (extra: Record<string, unknown> = {}) => validClaims({ nonce, ...extra });
      const payload = b64url(JSON.stringify(claims()));
      const [h, p] = good.split('.');
      const forged = {
        'other key': await k.sign(claims(), { key: 'other' }),
        'alg none': `${header}.${payload}.`,
        unsigned: `${h}.${p}`,
        'swapped payload': `${h}.${b64url(JSON.stringify(claims({ sub: 'admin' })))}.${good.split('.')[2]}`,
        'wrong issuer': await k.sign(claims({ iss: 'https://evil.example/' })),
        'issuer without slash': await k.sign(claims({ iss: ISSUER.slice(0, -1) })),
        'wrong audience': await k.sign(claims({ aud: 'other-client' })),
        expired: await k.sign(claims({ exp: nowS - 120 })),
        'issued an hour ahead': await k.sign(claims({ iat: nowS + 3600, exp: nowS + 7200 })),
        'no expiry': await k.sign(claims({ exp: undefined })),
        oversized: await k.sign(claims({ pad: 'x'.repeat(MAX_TOKEN_BYTES) })),
        'the issue’s example': 'x.eyJleHAiOjQxMDI0NDQ4MDAsImF1ZCI6IngifQ.x',
        garbage: 'not-a-token',
      };
      const gate = gateFor(k.access);
      for (const [name, token] of Object.entries(forged)) {
        equal((await verifyIdToken(token, k.verifier, NOW)).ok, false, `${name} verifies`);
        equal((await gate(get(CHUNK, token))).status, 401, `${name} as a cookie opens a chunk`);
        check(!(await (await gate(get('/guides/concept', token))).text()).includes(ARTICLE), `${name} opens a page`);
        const post = await gate(
          new Request(site + '/_auth/session', {
            method: 'POST',
            headers: { Origin: site, 'Content-Type': 'application/json', Cookie: `${SECURE_LOGIN_COOKIE}=${binding}` },
            body: JSON.stringify({ idToken: token }),
          }),
        );
        check(post.status >= 400, `${name} gets a session (${post.status})`);
        equal(cookieValue(post, SECURE_COOKIE), '', `${name}: the session cookie is cleared`);
        const error = ((await post.json()) as { error?: string }).error;
        check(typeof error === 'string' && error.length > 0, `${name} clear error`);
      }
    },
  );

  add(
    'forged session cookies open nothing: other secret, other audience, alg none, expired, the raw id token',
    async () => {
      const gate = gateFor(k.access);
      const claims = { sub: 'auth0|reader', exp: nowS + 600, authExp: nowS + 3600 };
      const otherSecret = sessionSigner('another-secret-of-at-least-32-characters!', CLIENT_ID) as SessionSigner;
      const otherAudience = sessionSigner(SECRET, 'other-client') as SessionSigner;
      const [h, p] = valid.split('.');
      const forged = {
        'other secret': await mintSession(otherSecret, claims),
        'other audience': await mintSession(otherAudience, claims),
        'alg none': `${b64url(JSON.stringify({ alg: 'none' }))}.${p}.`,
        'payload swapped': `${h}.${b64url(JSON.stringify({ ...JSON.parse(atob(p.replace(/-/g, '+').replace(/_/g, '/'))), sub: 'admin' }))}.${valid.split('.')[2]}`,
        'idle window over': await mintSession(k.sessions, { ...claims, exp: nowS - 1 }),
        'sign-in over': await mintSession(k.sessions, { ...claims, authExp: nowS - 1 }),
        'the raw id token': signedIn.idToken,
      };
      for (const [name, cookie] of Object.entries(forged)) {
        equal((await gate(get(CHUNK, cookie))).status, 401, `${name} opens a chunk`);
        equal((await gate(get('/_auth/session', cookie))).status, 401, `${name} counts as a session`);
      }
    },
  );

  add('a session is bound to the browser that started the sign-in', async () => {
    const gate = gateFor(k.access);
    const first = await signInThrough(gate, k);
    equal(first.response.status, 200, 'the browser that started it gets a session');
    check(first.session !== null && first.session.length > 0, 'session cookie set');
    equal(cookieValue(first.response, SECURE_LOGIN_COOKIE), '', 'the binding is cleared on use');
    // Another browser (or curl) holding the leaked token: no binding, another sign-in's binding,
    // or a binding it made up.
    const elsewhere = await signInThrough(gate, k);
    for (const [name, binding] of [
      ['no binding cookie', null],
      ["another sign-in's binding", elsewhere.binding],
      ['a made-up binding', 'x'.repeat(43)],
    ] as const) {
      const replay = await first.post(binding);
      equal(replay.status, 401, name);
      equal(cookieValue(replay, SECURE_COOKIE), '', `${name}: no session`);
      const error = ((await replay.json()) as { error: string }).error;
      check(/sign in again/.test(error), `${name}: clear error (${error})`);
    }
  });

  add('the session endpoint: origin, JSON, cookie attributes and lifetime, GET and DELETE', async () => {
    const gate = gateFor(k.access);
    const { response } = signedIn;
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${SECURE_COOKIE}=`)) ?? '';
    for (const attribute of ['Path=/', 'HttpOnly', 'Secure', 'SameSite=Lax', 'Max-Age=3600']) {
      check(cookie.split('; ').includes(attribute), `cookie has ${attribute}: ${cookie}`);
    }
    check(!/Domain=/i.test(cookie), '__Host- cookies have no Domain');
    check(!cookie.includes(signedIn.idToken.slice(0, 40)), 'the cookie is not the id token');
    equal(((await response.clone().json()) as { expiresAt: number }).expiresAt, nowS + 3600, 'sign-in end');
    const post = (headers: Record<string, string>, url = site) =>
      gate(
        new Request(url + '/_auth/session', {
          method: 'POST',
          headers: { Origin: url, 'Content-Type': 'application/json', ...headers },
          body: '{}',
        }),
      );
    equal((await post({ Origin: 'https://evil.example' })).status, 403, 'cross-origin');
    equal((await post({ 'Content-Type': 'text/plain' })).status, 415, 'not JSON');
    equal((await post({}, 'http://docs.example.com')).status, 400, 'plain http off loopback gets no session');
    const crossLogin = await gate(
      new Request(site + '/_auth/login', { method: 'POST', headers: { Origin: 'https://evil.example' } }),
    );
    equal(crossLogin.status, 403, 'a cross-site page cannot start a sign-in');
    const loopback = await signInThrough(gate, k, {}, 'http://127.0.0.1:4173');
    const loopCookie = loopback.response.headers.getSetCookie().join('\n');
    check(
      loopCookie.includes(`${LOOPBACK_COOKIE}=`) && !loopCookie.includes('Secure'),
      `loopback cookie: ${loopCookie}`,
    );
    equal((await gate(get('/_auth/session', valid))).status, 204, 'GET with a session');
    equal((await gate(get('/_auth/session'))).status, 401, 'GET without a session');
    const del = await gate(new Request(site + '/_auth/session', { method: 'DELETE', headers: { Origin: site } }));
    equal(del.status, 204, 'DELETE');
    equal(cookieValue(del, SECURE_COOKIE), '', 'DELETE clears the session');
    equal(cookieValue(del, SECURE_LOGIN_COOKIE), '', 'DELETE clears a pending sign-in');
  });

  add('lifetimes: idle end, renewal, never past the sign-in, search key capped at the session', async () => {
    const clock = { now: NOW };
    const gate = gateFor(k.access, [], clock);
    const long = await signInThrough(gate, k, { exp: nowS + 10 * 3600 });
    const session = long.session!;
    // Within the first half of the idle window: no renewal.
    clock.now = NOW + 10 * 60_000;
    const early = await gate(get(CHUNK, session));
    equal(early.status, 200, 'open');
    equal(early.headers.getSetCookie().length, 0, 'no renewal early on');
    // Past half of it: renewed.
    clock.now = NOW + (SESSION_IDLE_SECONDS * 1000 * 3) / 4;
    const late = await gate(get(CHUNK, session));
    const renewed = cookieValue(late, SECURE_COOKIE);
    check(renewed !== null && renewed !== session, 'renewed on use');
    // The old cookie, unused, ends with its idle window; the renewed one lives on.
    clock.now = NOW + (SESSION_IDLE_SECONDS + 1) * 1000;
    equal((await gate(get(CHUNK, session))).status, 401, 'a copy left idle ends');
    equal((await gate(get(CHUNK, renewed))).status, 200, 'the renewed session lives on');
    const key = (await (await gate(get('/_auth/search-key', renewed))).json()) as { notAfter: number };
    check(key.notAfter <= nowS + (SESSION_IDLE_SECONDS * 7) / 4, `search key capped at the session (${key.notAfter})`);
    // However it is renewed, no session outlives the id token (nor SESSION_MAX_SECONDS).
    let current = renewed;
    for (let t = 2; t <= 12; t++) {
      clock.now = NOW + t * (SESSION_IDLE_SECONDS / 2 + 60) * 1000;
      const r = await gate(get('/_auth/session', current));
      if (r.status !== 204) break;
      current = cookieValue(r, SECURE_COOKIE) ?? current;
    }
    clock.now = NOW + (10 * 3600 + 1) * 1000;
    equal((await gate(get(CHUNK, current))).status, 401, 'ends with the id token');
    const capped = await signInThrough(gateFor(k.access, [], { now: NOW }), k, { exp: nowS + 48 * 3600 });
    const maxAge = /Max-Age=(\d+)/.exec(
      capped.response.headers.getSetCookie().find((c) => c.startsWith(SECURE_COOKIE)) ?? '',
    )?.[1];
    equal(Number(maxAge), SESSION_MAX_SECONDS, 'capped at SESSION_MAX_SECONDS');
  });

  add('cookie modes: __Host- on https, plain on loopback http only', async () => {
    equal(cookieMode(new URL('https://docs.example.com/'))?.name, SECURE_COOKIE, 'https');
    equal(cookieMode(new URL('http://127.0.0.1:3000/'))?.name, LOOPBACK_COOKIE, 'loopback');
    equal(cookieMode(new URL('http://localhost:3000/'))?.secure, false, 'localhost');
    equal(cookieMode(new URL('http://docs.example.com/')), null, 'plain http');
  });

  add('the search key needs a session', async () => {
    const gate = gateFor(k.access);
    equal((await gate(get('/_auth/search-key'))).status, 401, 'signed out');
    const response = await gate(get('/_auth/search-key', valid));
    equal(response.status, 200, 'signed in');
    equal(response.headers.get('Cache-Control'), 'private, no-store', 'never cached');
  });

  add('an open gate (previews, SKIP_AUTH) serves everything', async () => {
    const gate = gateFor({ kind: 'open' });
    for (const p of [...GATED_PAGES, ...GATED_ASSETS]) check((await (await gate(get(p))).text()).includes(ARTICLE), p);
    equal(readGateSettings((n) => ({ AUTH0_DOMAIN: 'x.auth0.com', AUTH0_CLIENT_ID: 'c' })[n]).open, false, 'enforced');
    for (const extra of [{ SKIP_AUTH: 'true' }, { CONTEXT: 'deploy-preview' }] as Record<string, string>[]) {
      const env: Record<string, string> = { AUTH0_DOMAIN: 'x.auth0.com', AUTH0_CLIENT_ID: 'c', ...extra };
      equal(readGateSettings((n) => env[n]).open, true, JSON.stringify(extra));
    }
  });

  add('without an identity provider or a session secret, guides are closed to everyone', async () => {
    const noIdentity = accessFor({ ...manifest, identity: null }, SECRET);
    const noSecret = accessFor(manifest, undefined);
    const shortSecret = accessFor(manifest, 'too-short');
    equal(noIdentity.kind, 'closed', 'no identity');
    equal(noSecret.kind, 'closed', 'no secret');
    equal(shortSecret.kind, 'closed', 'short secret');
    equal(accessFor({ ...manifest, open: true }, undefined).kind, 'open', 'open on purpose');
    equal(accessFor(manifest, SECRET).kind, 'enforced', 'enforced');
    const env: Record<string, string> = { AUTH0_DOMAIN: 'x.auth0.com' };
    const settings = readGateSettings((n) => env[n]);
    check(settings.identity === null && !settings.open, 'a missing client id closes, never opens');
    for (const access of [noIdentity, noSecret]) {
      const gate = gateFor(access);
      for (const p of GATED_PAGES) {
        const body = await (await gate(get(p, valid))).text();
        check(!body.includes(ARTICLE) && body.includes('<veriq-guide-article></veriq-guide-article>'), `${p} shell`);
      }
      for (const p of [...GATED_FILES, ...GATED_ASSETS]) equal((await gate(get(p, valid))).status, 401, p);
      const login = await gate(new Request(site + '/_auth/login', { method: 'POST', headers: { Origin: site } }));
      equal(login.status, 503, 'sign-in unavailable');
      check(/SESSION_SECRET|identity provider/.test(((await login.json()) as { error: string }).error), 'says why');
    }
  });

  add('a server started with other variables than its build refuses to serve it', async () => {
    const build = { identity: { domain: 'https://x.auth0.com', clientId: 'c' }, open: false };
    const env = (values: Record<string, string>) => (n: string) => values[n];
    equal(mismatchWithBuild(build, env({})), null, 'no variables: the build decides');
    equal(mismatchWithBuild(build, env({ AUTH0_DOMAIN: 'x.auth0.com', AUTH0_CLIENT_ID: 'c' })), null, 'same');
    check(mismatchWithBuild(build, env({ AUTH0_DOMAIN: 'y.auth0.com', AUTH0_CLIENT_ID: 'c' })) !== null, 'domain');
    check(
      mismatchWithBuild(build, env({ AUTH0_DOMAIN: 'x.auth0.com', AUTH0_CLIENT_ID: 'c', SKIP_AUTH: 'true' })) !== null,
      'open',
    );
    const closed = { identity: null, open: false };
    check(mismatchWithBuild(closed, env({ AUTH0_DOMAIN: 'x.auth0.com', AUTH0_CLIENT_ID: 'c' })) !== null, 'closed');
    check(mismatchWithBuild(closed, env({ SKIP_AUTH: 'true' })) !== null, 'a closed build is not served open');
  });

  add('the manifest is validated and the shell needs an unambiguous marker', async () => {
    const rejects = (value: unknown) => {
      try {
        parseManifest(value);
        return false;
      } catch {
        return true;
      }
    };
    check(rejects({ guideChunks: ['relative.js'], securityHeaders: {} }), 'malformed manifest accepted');
    // A manifest that does not say which provider to enforce, or whether it is open, must not be read as open.
    const { identity: _identity, ...withoutIdentity } = manifest;
    check(rejects(withoutIdentity), 'manifest without identity accepted');
    const { open: _open, ...withoutOpen } = manifest;
    check(rejects(withoutOpen), 'manifest without open accepted');
    equal(parseManifest(JSON.parse(JSON.stringify(manifest))).identity?.clientId, CLIENT_ID, 'identity kept');
    equal(toShell('<p>no marker</p>'), null, 'no marker');
    equal(
      toShell('<veriq-guide-article>a</veriq-guide-article><veriq-guide-article>b</veriq-guide-article>'),
      null,
      'two',
    );
  });

  return cases;
}

/** Median cost of one gate call, in microseconds, for the bench (printed, never asserted). */
export async function measureGateCost(iterations = 400): Promise<Record<string, number>> {
  const k = await keys();
  const gate = gateFor(k.access);
  const valid = (await signInThrough(gate, k)).session!;
  const big = GUIDE_HTML.replace(ARTICLE, ARTICLE.repeat(4000));
  const bigGate = createGate({
    manifest,
    access: k.access,
    now: () => NOW,
    next: async () => new Response(big, { headers: { 'Content-Type': 'text/html' } }),
  });
  const scenarios: Record<string, () => Promise<Response>> = {
    'public file': () => gate(get('/assets/js/main.1234.js')),
    'guide chunk, no session (401)': () => gate(get(CHUNK)),
    'guide chunk, valid session (HS256 verify)': () => gate(get(CHUNK, valid)),
    'sign-in (RS256 verify, session minted)': async () => (await signInThrough(gate, k)).response,
    'guide page shell from 150 KB HTML': () => bigGate(get('/guides/concept')),
  };
  const result: Record<string, number> = {};
  for (const [name, run] of Object.entries(scenarios)) {
    const times: number[] = [];
    for (let i = 0; i < iterations; i++) {
      const start = performance.now();
      await (await run()).arrayBuffer();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    result[name] = Math.round(times[Math.floor(times.length / 2)] * 1000);
  }
  return result;
}
