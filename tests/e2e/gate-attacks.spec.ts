// Attacks on the guides gate through the Node server (serve:prod's, which the e2e servers run): paths
// spelled twice-encoded or with encoded `?`, `#`, `;`, generated spellings of every protected
// file and route, a token replayed from another browser, the headers a cache reads, HEAD, a
// build without identity, and sign-in on every loopback name. Raw requests (node:http), since
// the browser and Playwright's client would normalise the very spellings under test.
import { request as httpRequest } from 'node:http';
import { join, relative, sep } from 'node:path';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import type { BrowserContext } from '@playwright/test';
import { test, expect } from './fixtures';
import { baseUrl, VARIANTS } from './support/variants';
import { findGuideText, guideRuns } from './support/guideSentences';
import { realSignIn, startSignIn, implicitFlow } from './support/realSession';
import { sections } from './routes';
import { listFiles } from '../../tools/lib/listFiles';
import { SPELLING_SEED, spellingOf } from '../gate/spellings';
import { BOOKS } from '../../shared/books';

const site = baseUrl('main');
const port = VARIANTS.main.port;
const buildDir = join(process.cwd(), VARIANTS.main.dir);
const runs = guideRuns(join(process.cwd(), 'docs'));
const manifest = JSON.parse(readFileSync(join(buildDir, '.gate', 'manifest.json'), 'utf8')) as {
  guideChunks: string[];
};
const guideRoutes = Object.entries(sections)
  .filter(([name]) => name.startsWith('guides'))
  .flatMap(([, r]) => r);
const guideAssets = listFiles(join(buildDir, 'assets', 'guides'), /./).map(
  (f) => '/' + relative(buildDir, f).split(sep).join('/'),
);
/** Every protected thing: guide pages, their twins, the article chunks, the guide search files, the book. */
const protectedPaths = [
  ...guideRoutes,
  ...guideRoutes.map((r) => `${r}.md`),
  ...manifest.guideChunks,
  ...guideAssets,
  ...BOOKS.filter((b) => b.sidebar === 'guides').map((b) => b.url),
];
/** The PDF book holds no text findGuideText can read (its streams are compressed): any PDF is a leak. */
const isPdf = (body: Buffer) => body.subarray(0, 5).toString('latin1') === '%PDF-';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function raw(path: string, options: { cookie?: string; method?: string; host?: string } = {}): Promise<Raw> {
  return new Promise((done, fail) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        headers: {
          'Accept-Encoding': 'identity',
          ...(options.cookie ? { Cookie: options.cookie } : {}),
          ...(options.host ? { Host: options.host } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', fail);
    req.end();
  });
}

async function sessionCookie(context: BrowserContext): Promise<string> {
  await realSignIn(context, site);
  const cookie = (await context.cookies(site)).find((c) => c.name === 'veriq_session');
  if (!cookie) throw new Error('no session cookie after sign-in');
  return `veriq_session=${cookie.value}`;
}

test.describe('paths a second decoding would change', () => {
  const chunk = manifest.guideChunks[0];
  const index = guideAssets.find((a) => a.includes('search-index')) ?? guideAssets[0];
  // Requests that each read a whole guide through serve:prod before the gate decoded paths once.
  const attacks = [
    '/%2567uides/connections/snowflake',
    '/%2567uides/connections/snowflake.md',
    index.replace('/guides/', '/%2567uides/'),
    chunk.replace('/assets/', '/%2561ssets/'),
    `${chunk}%3F`,
    `${chunk}%23`,
    `${chunk}%3Bx`,
    '/%255fheaders',
  ];
  for (const path of attacks) {
    test(`${path} gets 400 and no guide text, signed out or in`, async ({ context }) => {
      const cookie = await sessionCookie(context);
      for (const auth of [undefined, cookie]) {
        const response = await raw(path, { cookie: auth });
        expect(response.status, path).toBe(400);
        expect(findGuideText(response.body.toString('utf8'), runs), path).toBeNull();
        expect(response.headers['cache-control']).toBe('private, no-store');
      }
    });
  }
});

test.describe('generated spellings of every protected file and route', () => {
  test.setTimeout(300_000);

  test('signed out: no spelling of a protected path receives guide text', async () => {
    expect(protectedPaths.length).toBeGreaterThan(300);
    const leaks: string[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...protectedPaths).chain((p) => spellingOf(p)),
        async (spelled) => {
          const response = await raw(spelled);
          const hit = isPdf(response.body) ? 'the guides book' : findGuideText(response.body.toString('utf8'), runs);
          if (hit) leaks.push(`${spelled} (${response.status}): ${hit.slice(0, 60)}`);
          return hit === null;
        },
      ),
      { seed: SPELLING_SEED, numRuns: 1500, endOnFailure: true },
    );
    expect(leaks).toEqual([]);
  });

  test('signed in: a spelling answers the plain path’s bytes or a 4xx', async ({ context }) => {
    const cookie = await sessionCookie(context);
    const plain = new Map<string, Buffer>();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...protectedPaths).chain((p) => spellingOf(p).map((s) => [p, s] as const)),
        async ([path, spelled]) => {
          if (!plain.has(path)) plain.set(path, (await raw(path, { cookie })).body);
          const response = await raw(spelled, { cookie });
          return (response.status >= 400 && response.status < 500) || response.body.equals(plain.get(path)!);
        },
      ),
      { seed: SPELLING_SEED + 1, numRuns: 600, endOnFailure: true },
    );
  });
});

test.describe('a session belongs to the browser that signed in', () => {
  test('a real token replayed from another browser (or curl) gets no session and a clear error', async ({
    browser,
    context,
  }) => {
    // The reader's browser signs in for real; its id token leaks (a log, a proxy, a shared screen).
    const idToken = await realSignIn(context, site);
    const attacker = await browser.newContext();
    try {
      // Straight to the session endpoint, then after starting a sign-in of its own.
      for (const start of [false, true]) {
        if (start) await startSignIn(attacker.request, site);
        const post = await attacker.request.post(`${site}/_auth/session`, {
          headers: { Origin: site },
          data: { idToken },
        });
        expect(post.status()).toBe(401);
        expect(((await post.json()) as { error: string }).error).toMatch(/sign in again/);
        expect((await attacker.cookies(site)).find((c) => c.name === 'veriq_session')?.value ?? '').toBe('');
        expect((await attacker.request.get(site + manifest.guideChunks[0])).status()).toBe(401);
      }
    } finally {
      await attacker.close();
    }
  });

  test('a token for a sign-in this browser started opens the guides once; its binding is then used up', async ({
    context,
  }) => {
    const nonce = await startSignIn(context.request, site);
    const tokens = await implicitFlow(context.request, site, 'reader@example.com', nonce);
    const idToken = tokens.get('id_token')!;
    const first = await context.request.post(`${site}/_auth/session`, { headers: { Origin: site }, data: { idToken } });
    expect(first.status()).toBe(200);
    expect((await context.request.get(site + manifest.guideChunks[0])).status()).toBe(200);
    // The same token again, from the same browser: the binding is gone, and so is the session.
    const again = await context.request.post(`${site}/_auth/session`, { headers: { Origin: site }, data: { idToken } });
    expect(again.status()).toBe(401);
    expect((await context.request.get(site + manifest.guideChunks[0])).status()).toBe(401);
  });

  test('the session cookie is the gate’s own, not the id token, and logout ends it in this browser', async ({
    context,
  }) => {
    const idToken = await realSignIn(context, site);
    const cookie = (await context.cookies(site)).find((c) => c.name === 'veriq_session')!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.value).not.toBe(idToken);
    // The raw id token as a cookie opens nothing.
    expect((await raw(manifest.guideChunks[0], { cookie: `veriq_session=${idToken}` })).status).toBe(401);
    const out = await context.request.delete(`${site}/_auth/session`, { headers: { Origin: site } });
    expect(out.status()).toBe(204);
    expect((await context.request.get(site + manifest.guideChunks[0])).status()).toBe(401);
  });
});

test.describe('what caches and clients read', () => {
  test('Vary: Cookie on everything that depends on the session; HEAD answers as GET; types keep their charset', async ({
    context,
  }) => {
    const cookie = await sessionCookie(context);
    const dependent = [
      '/guides/connections/snowflake',
      '/guides/connections/snowflake.md',
      manifest.guideChunks[0],
      '/_auth/session',
    ];
    for (const auth of [undefined, cookie]) {
      for (const path of dependent) {
        const response = await raw(path, { cookie: auth });
        expect(String(response.headers.vary), `${path} ${auth ? 'signed in' : 'signed out'}`).toMatch(/\bCookie\b/);
      }
    }
    const types: Record<string, string> = {
      '/guides/connections/snowflake': 'text/html; charset=utf-8',
      '/guides/connections/snowflake.md': 'text/markdown; charset=utf-8',
      [manifest.guideChunks[0]]: 'text/javascript; charset=utf-8',
    };
    for (const [path, type] of Object.entries(types)) {
      for (const auth of [undefined, cookie]) {
        const get = await raw(path, { cookie: auth });
        const head = await raw(path, { cookie: auth, method: 'HEAD' });
        // sirv writes `text/html;charset=utf-8`; the same type either way.
        const typeOf = (r: Raw) => String(r.headers['content-type']).replace(/;\s*/, '; ');
        expect(typeOf(get), `${path} GET`).toBe(type);
        expect(head.status, `${path} HEAD status`).toBe(get.status);
        expect(typeOf(head), `${path} HEAD type`).toBe(type);
        expect(head.body.length, `${path} HEAD body`).toBe(0);
      }
    }
  });

  test('sign-in works whichever loopback name the reader typed', async () => {
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`]) {
      const response = await new Promise<number>((done, fail) => {
        const req = httpRequest(
          {
            host: '127.0.0.1',
            port,
            path: '/_auth/login',
            method: 'POST',
            headers: { Host: host, Origin: `http://${host}` },
          },
          (res) => {
            res.resume();
            done(res.statusCode ?? 0);
          },
        );
        req.on('error', fail);
        req.end();
      });
      expect(response, host).toBe(200);
    }
  });
});

test.describe('a build without identity configuration', () => {
  const noauth = baseUrl('noauth');
  test('serves guide shells and refuses guide files to everyone, and says sign-in is unavailable', async ({
    request,
  }) => {
    const page = await request.get(`${noauth}/guides/connections/snowflake`);
    expect(page.status()).toBe(200);
    const html = await page.text();
    expect(html).toContain('<veriq-guide-article></veriq-guide-article>');
    expect(findGuideText(html, runs)).toBeNull();
    expect((await request.get(`${noauth}/guides/connections/snowflake.md`)).status()).toBe(401);
    const login = await request.post(`${noauth}/_auth/login`, { headers: { Origin: noauth } });
    expect(login.status()).toBe(503);
    expect(((await login.json()) as { error: string }).error).toMatch(/identity provider/);
  });
});
