// The edge entry (server/guide-gate/edgeGate.ts, which server/netlify/edge-functions/guides-gate.ts runs on Netlify) under Deno,
// with the real manifest of the e2e build and a stand-in for Netlify's static serving (one
// decoding, then the file, `x.html` or `x/index.html`): generated spellings of every protected
// file and route never answer a signed-out request with its content, and answer a signed-in one
// with the plain spelling's bytes or a 4xx. Needs `npm run build:e2e` (npm test builds first).
import fc from 'fast-check';
import { createEdgeGate, type EdgeContext } from '../../server/guide-gate/edgeGate.ts';
import { mintSession, sessionSigner, type SessionSigner } from '../../server/guide-gate/session.ts';
import { LOOPBACK_COOKIE } from '../../server/guide-gate/cookies.ts';
import { ARTICLE_TAG } from '../../server/guide-gate/shell.ts';
import { SPELLING_SEED, spellingOf } from './spellings.ts';

// The bench points these at its own build with many more runs (tools/bench/full.ts).
const BUILD = Deno.env.get('GATE_TEST_BUILD') ?? 'build-e2e/main';
const RUNS = Number(Deno.env.get('SPELLING_RUNS') ?? 1500);
const SEED = Number(Deno.env.get('SPELLING_SEED') ?? SPELLING_SEED);
const SECRET = 'edge-test-session-secret-of-32-characters';
const site = 'http://127.0.0.1:8888';

let manifestText: string;
try {
  manifestText = await Deno.readTextFile(`${BUILD}/.gate/manifest.json`);
} catch {
  throw new Error(`${BUILD} has no gate manifest: run "npm run build:e2e" first.`);
}
const manifest = JSON.parse(manifestText) as { guideChunks: string[]; identity: { clientId: string } };

async function fileAt(path: string): Promise<Uint8Array<ArrayBuffer> | null> {
  try {
    return new Uint8Array(await Deno.readFile(BUILD + path));
  } catch {
    return null;
  }
}

/** Netlify's file serving, as far as the gate depends on it. */
async function netlify(request: Request): Promise<Response> {
  let path: string;
  try {
    path = decodeURIComponent(new URL(request.url).pathname);
  } catch {
    return new Response('Bad request', { status: 400 });
  }
  const candidates = /\.[a-z0-9]+$/i.test(path)
    ? [path]
    : [path, `${path}.html`, `${path.replace(/\/$/, '')}/index.html`];
  for (const candidate of candidates) {
    if (candidate.includes('\0')) break;
    const body = await fileAt(candidate);
    if (body) {
      const type = candidate.endsWith('.html') ? 'text/html; charset=utf-8' : 'application/octet-stream';
      return new Response(request.method === 'HEAD' ? null : body, { headers: { 'Content-Type': type } });
    }
  }
  return new Response((await fileAt('/404.html')) ?? 'Not found', {
    status: 404,
    headers: { 'Content-Type': 'text/html; charset=utf-8' },
  });
}

const handler = createEdgeGate(JSON.parse(manifestText), (name) => (name === 'SESSION_SECRET' ? SECRET : undefined));
const context: EdgeContext = { next: (request) => netlify(request!) };
const call = (path: string, cookie?: string) =>
  handler(new Request(site + path, { headers: cookie ? { Cookie: cookie } : {} }), context);

async function filesUnder(dir: string, prefix: string): Promise<string[]> {
  const out: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    const path = `${prefix}/${entry.name}`;
    if (entry.isDirectory) out.push(...(await filesUnder(`${dir}/${entry.name}`, path)));
    else out.push(path);
  }
  return out;
}

const guidePages = (await filesUnder(`${BUILD}/guides`, '/guides')).filter((f) => f.endsWith('.html'));
const protectedPaths = [
  ...guidePages.map((f) => f.replace(/\.html$/, '').replace(/\/index$/, '')),
  // Twins and the guides' PDF book.
  ...(await filesUnder(`${BUILD}/guides`, '/guides')).filter((f) => /\.(md|pdf)$/.test(f)),
  ...manifest.guideChunks,
  ...(await filesUnder(`${BUILD}/assets/guides`, '/assets/guides')),
];

/** A stretch of what each protected path holds that no signed-out response may contain. */
async function secretOf(path: string): Promise<string> {
  const response = await netlify(new Request(site + encodeURI(path)));
  const text = await response.text();
  const open = text.indexOf(`<${ARTICLE_TAG}`);
  const body = open >= 0 ? text.slice(text.indexOf('>', open) + 1, text.indexOf(`</${ARTICLE_TAG}>`)) : text;
  const middle = Math.floor(body.length / 2);
  return body.slice(Math.max(0, middle - 60), middle + 60);
}

Deno.test('the edge functions folder holds the function only (Netlify loads every file in it)', async () => {
  const names: string[] = [];
  for await (const entry of Deno.readDir('server/netlify/edge-functions')) names.push(entry.name);
  if (names.join() !== 'guides-gate.ts') throw new Error(`server/netlify/edge-functions holds ${names.join(', ')}`);
});

Deno.test('edge: no spelling of a protected path answers a signed-out request with its content', async () => {
  if (protectedPaths.length < 300) throw new Error(`only ${protectedPaths.length} protected paths found`);
  const secrets = new Map<string, string>();
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...protectedPaths).chain((p) => spellingOf(p).map((s) => [p, s] as const)),
      async ([path, spelled]) => {
        if (!secrets.has(path)) secrets.set(path, await secretOf(path));
        const secret = secrets.get(path)!;
        if (secret.length < 40) throw new Error(`${path}: no content to look for`);
        const body = await (await call(spelled)).text();
        return !body.includes(secret);
      },
    ),
    { seed: SEED, numRuns: RUNS, endOnFailure: true },
  );
});

Deno.test('edge: with a session, a spelling answers the plain path’s bytes or a 4xx', async () => {
  const signer = sessionSigner(SECRET, manifest.identity.clientId) as SessionSigner;
  const now = Math.floor(Date.now() / 1000);
  const cookie = `${LOOPBACK_COOKIE}=${await mintSession(signer, { sub: 'edge-test', exp: now + 600, authExp: now + 600 })}`;
  const plain = new Map<string, Uint8Array>();
  const same = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, i) => x === b[i]);
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...protectedPaths).chain((p) => spellingOf(p).map((s) => [p, s] as const)),
      async ([path, spelled]) => {
        if (!plain.has(path)) {
          const response = await call(encodeURI(path), cookie);
          if (response.status !== 200) throw new Error(`${path} answers ${response.status} with a session`);
          plain.set(path, new Uint8Array(await response.arrayBuffer()));
        }
        const response = await call(spelled, cookie);
        const body = new Uint8Array(await response.arrayBuffer());
        return (response.status >= 400 && response.status < 500) || same(body, plain.get(path)!);
      },
    ),
    { seed: SEED + 1, numRuns: Math.ceil(RUNS / 2.5), endOnFailure: true },
  );
});
