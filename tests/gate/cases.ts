// The gate's unit tests, written once and run twice: by Vitest under Node
// (tests/unit/gate.test.ts) and by Deno (tests/gate/gate.deno.test.ts), the runtime of Netlify's
// edge functions. Only web-standard APIs and jose here, no Node built-ins and no test framework.
import { SignJWT, createLocalJWKSet, exportJWK, generateKeyPair, type JWK } from 'jose';
import { createGate, type Gate } from '../../gate/gate.ts';
import { classifyPath, normalisePath } from '../../gate/paths.ts';
import { cookieMode, LOOPBACK_COOKIE, SECURE_COOKIE } from '../../gate/cookies.ts';
import { toShell } from '../../gate/shell.ts';
import { mismatchWithBuild, readGateSettings } from '../../gate/config.ts';
import { parseManifest, type GateManifest } from '../../gate/manifest.ts';
import { MAX_TOKEN_BYTES, verifyIdToken, type Verifier } from '../../gate/token.ts';

export interface GateCase {
  name: string;
  run: () => Promise<void>;
}

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}
function equal<T>(actual: T, expected: T, what: string): void {
  check(actual === expected, `${what}: expected ${String(expected)}, got ${String(actual)}`);
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
};

interface Keys {
  verifier: Verifier;
  sign: (claims: Record<string, unknown>, options?: { alg?: string; key?: 'other' }) => Promise<string>;
}

async function keys(): Promise<Keys> {
  const good = await generateKeyPair('RS256', { extractable: true });
  const other = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(good.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  return {
    verifier: { issuer: ISSUER, audience: CLIENT_ID, keys: createLocalJWKSet({ keys: [jwk] }) },
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
function gateFor(verifier: Verifier | null, served: string[] = []): Gate {
  return createGate({
    manifest,
    verifier,
    now: () => NOW,
    searchKey: async () => new Response('{"key":"scoped"}', { headers: { 'Content-Type': 'application/json' } }),
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
const get = (path: string, cookie?: string) =>
  new Request(site + path, { headers: cookie ? { Cookie: `${SECURE_COOKIE}=${cookie}` } : {} });

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
const GATED_FILES = ['/guides/data-testing/rule.md', '/%67uides/concept.md'];
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

export async function gateCases(): Promise<GateCase[]> {
  const k = await keys();
  const valid = await k.sign(validClaims());
  const cases: GateCase[] = [];
  const add = (name: string, run: () => Promise<void>) => cases.push({ name, run });

  add('normalises paths as the host serves them', async () => {
    equal(normalisePath('/%67uides//a/./b/../c'), '/guides/a/c', 'decoded and resolved');
    equal(normalisePath('/a\\b'), '/a/b', 'backslash');
    equal(normalisePath('/%E0%A4%A'), null, 'undecodable');
    equal(normalisePath('/../../etc/passwd'), '/etc/passwd', 'never above the root');
  });

  add('classifies every gated spelling and leaves public paths alone', async () => {
    const chunks = new Set([CHUNK.toLowerCase()]);
    for (const p of GATED_PAGES) equal(classifyPath(p, chunks).kind, 'guide-page', p);
    for (const p of GATED_FILES) equal(classifyPath(p, chunks).kind, 'guide-file', p);
    for (const p of GATED_ASSETS) equal(classifyPath(p, chunks).kind, 'guide-asset', p);
    for (const p of PUBLIC) equal(classifyPath(p, chunks).kind, 'public', p);
    for (const p of ['/_headers', '/%5Fheaders', '/%5fHEADERS', '/.gate/manifest.json', '/%2egate/manifest.json']) {
      equal(classifyPath(p, chunks).kind, 'hidden', p);
    }
  });

  add('signed out: guide pages get the shell, guide files and assets 401, all private and noindex', async () => {
    const gate = gateFor(k.verifier);
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
      equal(response.headers.get('Content-Security-Policy'), "default-src 'self'", `${p} CSP`);
      check(!response.headers.has('Content-Length'), `${p} length of the old body`);
    }
    for (const p of [...GATED_FILES, ...GATED_ASSETS]) {
      const response = await gate(get(p));
      equal(response.status, 401, `${p} status`);
      check(!(await response.text()).includes(ARTICLE), `${p} body`);
      equal(response.headers.get('Cache-Control'), 'private, no-store', `${p} cache`);
      equal(response.headers.get('X-Content-Type-Options'), 'nosniff', `${p} security headers`);
    }
    const notFound = await gate(get('/guides/missing'));
    equal(notFound.status, 404, 'unknown guide path keeps the not-found page');
  });

  add('a guide page without the article marker is refused, not served whole', async () => {
    const gate = createGate({
      manifest,
      verifier: k.verifier,
      now: () => NOW,
      next: async () => new Response(`<html><p>${ARTICLE}</p></html>`, { headers: { 'Content-Type': 'text/html' } }),
    });
    const response = await gate(get('/guides/concept'));
    equal(response.status, 401, 'status');
    check(!(await response.text()).includes(ARTICLE), 'body');
  });

  add('public paths pass through untouched; the gate files and _headers are never served', async () => {
    const served: string[] = [];
    const gate = gateFor(k.verifier, served);
    for (const p of PUBLIC) {
      const response = await gate(get(p));
      equal(response.status, 200, p);
      equal(response.headers.get('Cache-Control'), 'public', `${p} keeps the host's headers`);
    }
    for (const p of ['/_headers', '/%5Fheaders', '/.gate/manifest.json']) equal((await gate(get(p))).status, 404, p);
    check(!served.some((p) => /headers|gate/.test(p)), 'never asked the host for them');
  });

  add('a valid session opens everything, still private and noindex', async () => {
    const gate = gateFor(k.verifier);
    for (const p of [...GATED_PAGES, ...GATED_FILES, ...GATED_ASSETS]) {
      const response = await gate(get(p, valid));
      equal(response.status, 200, p);
      check((await response.text()).includes(ARTICLE), `${p} full content`);
      equal(response.headers.get('Cache-Control'), 'private, no-store', `${p} cache`);
      equal(response.headers.get('X-Robots-Tag'), 'noindex', `${p} robots`);
    }
  });

  add(
    'forged, unsigned, alg:none, HS256, wrong-issuer, wrong-audience, expired and oversized tokens open nothing',
    async () => {
      const header = b64url(JSON.stringify({ alg: 'none', typ: 'JWT' }));
      const payload = b64url(JSON.stringify(validClaims()));
      const [h, p] = valid.split('.');
      const forged = {
        'other key': await k.sign(validClaims(), { key: 'other' }),
        'alg none': `${header}.${payload}.`,
        unsigned: `${h}.${p}`,
        'swapped payload': `${h}.${b64url(JSON.stringify(validClaims({ sub: 'admin' })))}.${valid.split('.')[2]}`,
        'wrong issuer': await k.sign(validClaims({ iss: 'https://evil.example/' })),
        'issuer without slash': await k.sign(validClaims({ iss: ISSUER.slice(0, -1) })),
        'wrong audience': await k.sign(validClaims({ aud: 'other-client' })),
        expired: await k.sign(validClaims({ exp: nowS - 120 })),
        'no expiry': await k.sign(validClaims({ exp: undefined })),
        oversized: await k.sign(validClaims({ pad: 'x'.repeat(MAX_TOKEN_BYTES) })),
        'the issue’s example': 'x.eyJleHAiOjQxMDI0NDQ4MDAsImF1ZCI6IngifQ.x',
        garbage: 'not-a-token',
      };
      const gate = gateFor(k.verifier);
      for (const [name, token] of Object.entries(forged)) {
        equal((await verifyIdToken(token, k.verifier, NOW)).ok, false, `${name} verifies`);
        equal((await gate(get(CHUNK, token))).status, 401, `${name} opens a chunk`);
        check(!(await (await gate(get('/guides/concept', token))).text()).includes(ARTICLE), `${name} opens a page`);
        const post = await gate(
          new Request(site + '/_auth/session', {
            method: 'POST',
            headers: { Origin: site, 'Content-Type': 'application/json' },
            body: JSON.stringify({ idToken: token, nonce: 'n-123' }),
          }),
        );
        check(post.status >= 400, `${name} gets a session (${post.status})`);
        check(!post.headers.get('Set-Cookie')?.includes(token.slice(0, 20)), `${name} cookie`);
        const error = ((await post.json()) as { error?: string }).error;
        check(typeof error === 'string' && error.length > 0, `${name} clear error`);
      }
    },
  );

  add('the session endpoint verifies the nonce and sets a __Host- cookie for the token lifetime', async () => {
    const gate = gateFor(k.verifier);
    const post = (body: unknown, headers: Record<string, string> = {}, url = site) =>
      gate(
        new Request(url + '/_auth/session', {
          method: 'POST',
          headers: { Origin: url, 'Content-Type': 'application/json', ...headers },
          body: JSON.stringify(body),
        }),
      );
    const ok = await post({ idToken: valid, nonce: 'n-123' });
    equal(ok.status, 204, 'accepted');
    const cookie = ok.headers.get('Set-Cookie') ?? '';
    check(cookie.startsWith(`${SECURE_COOKIE}=${valid};`), 'cookie name and value');
    for (const attribute of ['Path=/', 'HttpOnly', 'Secure', 'SameSite=Lax', 'Max-Age=3600']) {
      check(cookie.split('; ').includes(attribute), `cookie has ${attribute}: ${cookie}`);
    }
    check(!/Domain=/i.test(cookie), '__Host- cookies have no Domain');
    equal((await post({ idToken: valid, nonce: 'other' })).status, 401, 'nonce mismatch');
    equal((await post({ idToken: valid })).status, 400, 'nonce missing');
    equal(
      (await post({ idToken: valid, nonce: 'n-123' }, { Origin: 'https://evil.example' })).status,
      403,
      'cross-origin',
    );
    equal((await post({ idToken: valid, nonce: 'n-123' }, { 'Content-Type': 'text/plain' })).status, 415, 'not JSON');
    const plain = await post({ idToken: valid, nonce: 'n-123' }, {}, 'http://docs.example.com');
    equal(plain.status, 400, 'plain http off loopback gets no session');
    const loopback = await post({ idToken: valid, nonce: 'n-123' }, {}, 'http://127.0.0.1:4173');
    const loopCookie = loopback.headers.get('Set-Cookie') ?? '';
    check(
      loopCookie.startsWith(`${LOOPBACK_COOKIE}=`) && !loopCookie.includes('Secure'),
      `loopback cookie: ${loopCookie}`,
    );
    const status = await gate(get('/_auth/session', valid));
    equal(status.status, 204, 'GET with a session');
    equal((await gate(get('/_auth/session'))).status, 401, 'GET without a session');
    const del = await gate(new Request(site + '/_auth/session', { method: 'DELETE', headers: { Origin: site } }));
    equal(del.status, 204, 'DELETE');
    check((del.headers.get('Set-Cookie') ?? '').includes('Max-Age=0'), 'DELETE clears the cookie');
  });

  add('cookie modes: __Host- on https, plain on loopback http only', async () => {
    equal(cookieMode(new URL('https://docs.example.com/'))?.name, SECURE_COOKIE, 'https');
    equal(cookieMode(new URL('http://127.0.0.1:3000/'))?.name, LOOPBACK_COOKIE, 'loopback');
    equal(cookieMode(new URL('http://localhost:3000/'))?.secure, false, 'localhost');
    equal(cookieMode(new URL('http://docs.example.com/')), null, 'plain http');
  });

  add('the search key needs a session', async () => {
    const gate = gateFor(k.verifier);
    equal((await gate(get('/_auth/search-key'))).status, 401, 'signed out');
    const response = await gate(get('/_auth/search-key', valid));
    equal(response.status, 200, 'signed in');
    equal(response.headers.get('Cache-Control'), 'private, no-store', 'never cached');
  });

  add('an open gate (previews, SKIP_AUTH, no identity) serves everything', async () => {
    const gate = gateFor(null);
    for (const p of [...GATED_PAGES, ...GATED_ASSETS]) check((await (await gate(get(p))).text()).includes(ARTICLE), p);
    equal(
      readGateSettings((n) => ({ AUTH0_DOMAIN: 'x.auth0.com', AUTH0_CLIENT_ID: 'c' })[n]).identity?.domain,
      'https://x.auth0.com',
      'enforced',
    );
    const opened: Record<string, string>[] = [
      { SKIP_AUTH: 'true' },
      { CONTEXT: 'deploy-preview' },
      { AUTH0_CLIENT_ID: '' },
    ];
    for (const extra of opened) {
      const env: Record<string, string> = { AUTH0_DOMAIN: 'x.auth0.com', AUTH0_CLIENT_ID: 'c', ...extra };
      equal(readGateSettings((n) => env[n]).identity, null, JSON.stringify(extra));
    }
  });

  add('a server started with other variables than its build refuses to serve it', async () => {
    const build = { domain: 'https://x.auth0.com', clientId: 'c' };
    const env = (values: Record<string, string>) => (n: string) => values[n];
    equal(mismatchWithBuild(build, env({})), null, 'no variables: the build decides');
    equal(mismatchWithBuild(build, env({ AUTH0_DOMAIN: 'x.auth0.com', AUTH0_CLIENT_ID: 'c' })), null, 'same');
    check(mismatchWithBuild(build, env({ AUTH0_DOMAIN: 'y.auth0.com', AUTH0_CLIENT_ID: 'c' })) !== null, 'domain');
    check(
      mismatchWithBuild(build, env({ AUTH0_DOMAIN: 'x.auth0.com', AUTH0_CLIENT_ID: 'c', SKIP_AUTH: 'true' })) !== null,
      'open',
    );
    check(mismatchWithBuild(null, env({ AUTH0_DOMAIN: 'x.auth0.com', AUTH0_CLIENT_ID: 'c' })) !== null, 'closed');
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
    // A manifest that does not say which provider to enforce must not be read as an open gate.
    const { identity: _identity, ...withoutIdentity } = manifest;
    check(rejects(withoutIdentity), 'manifest without identity accepted');
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
  const valid = await k.sign(validClaims());
  const gate = gateFor(k.verifier);
  const big = GUIDE_HTML.replace(ARTICLE, ARTICLE.repeat(4000));
  const bigGate = createGate({
    manifest,
    verifier: k.verifier,
    now: () => NOW,
    next: async () => new Response(big, { headers: { 'Content-Type': 'text/html' } }),
  });
  const scenarios: Record<string, () => Promise<Response>> = {
    'public file': () => gate(get('/assets/js/main.1234.js')),
    'guide chunk, no session (401)': () => gate(get(CHUNK)),
    'guide chunk, valid session (RS256 verify)': () => gate(get(CHUNK, valid)),
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
