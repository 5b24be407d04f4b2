import { request as httpRequest } from 'node:http';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, constants as zlib, gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PassThrough } from 'node:stream';
import sirv from 'sirv';
import {
  buildFiles,
  createStaticServer,
  listen,
  resolveBuildFile,
  type PrecompressSummary,
} from '../../server/node/siteServer';
import { Compression } from '../../server/node/compression';

// Two builds served by one process, as the e2e suite serves its variants: same path, same length.
const page = (build: string) => `<!doctype html><title>${build}</title><p>${'x'.repeat(4000)}</p>\n`;
const roots = ['build-a', 'build-b'].map((build) => {
  const root = mkdtempSync(join(tmpdir(), 'static-server-'));
  writeFileSync(join(root, 'index.html'), page(build));
  return { build, root, server: createStaticServer({ root }) };
});

afterAll(() => {
  for (const { root, server } of roots) {
    server.close();
    rmSync(root, { recursive: true, force: true });
  }
});

describe('static server compression (server/node/siteServer)', () => {
  it('serves each build its own compressed file when two share a path and a length', async () => {
    for (const { server } of roots) await listen(server, 0);
    for (let round = 0; round < 2; round++) {
      for (const { build, server } of roots) {
        const { port } = server.address() as AddressInfo;
        const response = await fetch(`http://127.0.0.1:${port}/`, { headers: { 'Accept-Encoding': 'br' } });
        expect(response.headers.get('Content-Encoding')).toBe('br');
        expect(await response.text()).toBe(page(build));
      }
    }
  });
});

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** One request as written on the wire (node:http, which sends absolute-form, `*` and TRACE as given). */
function raw(port: number, path: string, options: { method?: string; headers?: Record<string, string> } = {}) {
  return new Promise<Raw>((done, fail) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: options.headers ?? {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    // CONNECT answers through the 'connect' event, whatever the status.
    req.on('connect', (res, socket) => {
      socket.destroy();
      done({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.alloc(0) });
    });
    req.on('error', fail);
    req.end();
  });
}

const decoded = (r: Raw) =>
  r.headers['content-encoding'] === 'br'
    ? brotliDecompressSync(r.body)
    : r.headers['content-encoding'] === 'gzip'
      ? gunzipSync(r.body)
      : r.body;

describe('the Node server under a client that is not a browser', () => {
  const root = mkdtempSync(join(tmpdir(), 'static-server-http-'));
  const html = `<!doctype html><title>Home</title><p>${'Veriq home page. '.repeat(400)}</p>\n`;
  // About 6 MB of text that compresses slowly: a body whose compression would block the event loop
  // for a long while if it ran on it.
  const big = Array.from({ length: 120_000 }, (_, i) => `line ${i} ${(i * 2654435761) % 4294967296}\n`).join('');
  writeFileSync(join(root, 'index.html'), html);
  writeFileSync(join(root, 'big.txt'), big);
  writeFileSync(join(root, 'small.txt'), 'small\n');
  const server = createStaticServer({ root });
  let port = 0;
  const errors = vi.spyOn(console, 'error');

  beforeAll(async () => {
    await listen(server, 0);
    port = (server.address() as AddressInfo).port;
  });
  afterEach(() => errors.mockClear());
  afterAll(() => {
    errors.mockRestore();
    server.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('honours q=0 in Accept-Encoding (RFC 9110 §12.5.3)', async () => {
    const cases: [string, string | undefined][] = [
      ['br;q=0, gzip', 'gzip'],
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
      ['br;q=0, gzip;q=0', undefined],
      ['*;q=0', undefined],
      ['*', 'br'],
      ['BR;Q=0, GZIP', 'gzip'],
      ['identity', undefined],
      ['', undefined],
    ];
    for (const [accept, expected] of cases) {
      const response = await raw(port, '/', { headers: { 'Accept-Encoding': accept } });
      expect(response.headers['content-encoding'], accept).toBe(expected);
      expect(decoded(response).toString(), accept).toBe(html);
      expect(String(response.headers.vary), accept).toMatch(/Accept-Encoding/);
    }
  });

  it('HEAD answers the status, Content-Length and headers GET does, with no body', async () => {
    for (const accept of ['br', 'gzip', 'identity']) {
      for (const path of ['/', '/small.txt', '/no-such-page']) {
        const get = await raw(port, path, { headers: { 'Accept-Encoding': accept } });
        const head = await raw(port, path, { method: 'HEAD', headers: { 'Accept-Encoding': accept } });
        expect(head.status, `${path} ${accept}`).toBe(get.status);
        expect(head.body.length, `${path} ${accept}`).toBe(0);
        expect(Number(get.headers['content-length']), `${path} ${accept}`).toBe(get.body.length);
        const { date: _g, ...getHeaders } = get.headers;
        const { date: _h, ...headHeaders } = head.headers;
        expect(headHeaders, `${path} ${accept}`).toEqual(getHeaders);
      }
    }
  });

  it('serves absolute-form request targets as their path (RFC 9112 §3.2.2)', async () => {
    for (const target of [`http://127.0.0.1:${port}/`, `http://localhost:${port}/index.html`, `HTTP://example.com`]) {
      const response = await raw(port, target, { headers: { 'Accept-Encoding': 'identity' } });
      expect(response.status, target).toBe(200);
      expect(response.body.toString(), target).toBe(html);
    }
    const small = await raw(port, `http://127.0.0.1:${port}/small.txt?x=1`);
    expect(small.body.toString()).toBe('small\n');
    expect(errors).not.toHaveBeenCalled();
  });

  it('answers `*` with 400, TRACE, TRACK and CONNECT with 405 and Allow, and logs no stack trace', async () => {
    const star = await raw(port, '*');
    expect(star.status).toBe(400);
    for (const method of ['TRACE', 'TRACK']) {
      const response = await raw(port, '/', { method });
      expect(response.status, method).toBe(405);
      expect(String(response.headers.allow), method).toMatch(/\bGET\b/);
    }
    // A method Node's parser does not know is not implemented (RFC 9110 §15.6.2).
    expect((await raw(port, '/', { method: 'BREW' })).status).toBe(501);
    const connect = await raw(port, 'example.com:443', { method: 'CONNECT' });
    expect(connect.status).toBe(405);
    expect(String(connect.headers.allow)).toMatch(/\bGET\b/);
    for (const target of ['ftp://example.com/', 'nonsense']) expect((await raw(port, target)).status, target).toBe(400);
    // The server still answers after each.
    expect((await raw(port, '/small.txt')).status).toBe(200);
    expect(errors).not.toHaveBeenCalled();
  });

  it('compresses off the event loop: a small file is answered while a large body is compressed', async () => {
    const order: string[] = [];
    const large = raw(port, '/big.txt', { headers: { 'Accept-Encoding': 'br' } }).then((r) => {
      order.push('big');
      return r;
    });
    // Let the large request reach the server and start compressing.
    await new Promise((wait) => setTimeout(wait, 30));
    const small = raw(port, '/small.txt', { headers: { 'Accept-Encoding': 'br' } }).then((r) => {
      order.push('small');
      return r;
    });
    const [bigResponse] = await Promise.all([large, small]);
    expect(order).toEqual(['small', 'big']);
    expect(bigResponse.headers['content-encoding']).toBe('br');
    expect(decoded(bigResponse).toString()).toBe(big);
  });
});

describe('the signed-out guide shell, gated per request, is compressed once for everyone', () => {
  const root = mkdtempSync(join(tmpdir(), 'static-server-gate-'));
  const article = 'The article is private.';
  const guide = `<!doctype html><html><head><title>Rule</title></head><body><nav>${'Guides sidebar. '.repeat(300)}</nav><veriq-guide-article><p>${article}</p></veriq-guide-article></body></html>`;
  mkdirSync(join(root, 'guides'), { recursive: true });
  mkdirSync(join(root, '.gate'), { recursive: true });
  writeFileSync(join(root, 'guides', 'rule.html'), guide);
  writeFileSync(
    join(root, '.gate', 'manifest.json'),
    JSON.stringify({
      guideChunks: [],
      securityHeaders: { 'Content-Security-Policy': "default-src 'self'" },
      identity: { domain: 'https://tenant.example.auth0.com', clientId: 'docs-client' },
      open: false,
    }),
  );
  const compression = new Compression();
  const server = createStaticServer({ root, gate: {}, compression });
  let port = 0;

  beforeAll(async () => {
    await listen(server, 0);
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => {
    server.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('compresses the shell on the first request only, and answers it with Vary: Cookie', async () => {
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => raw(port, '/guides/rule', { headers: { 'Accept-Encoding': 'gzip, br' } })),
    );
    responses.push(await raw(port, '/guides/rule', { headers: { 'Accept-Encoding': 'br' } }));
    for (const response of responses) {
      expect(response.status).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(String(response.headers.vary)).toMatch(/\bCookie\b/);
      expect(response.headers['cache-control']).toBe('private, no-store');
      const text = decoded(response).toString();
      expect(text).toContain('Guides sidebar');
      expect(text).not.toContain(article);
    }
    expect(compression.stats().compressed).toBe(1);
  });
});

describe('the background pass at start (serve:prod)', () => {
  const root = mkdtempSync(join(tmpdir(), 'static-server-precompress-'));
  const guide = `<!doctype html><html><head><title>Rule</title></head><body><nav>${'Guides sidebar. '.repeat(300)}</nav><veriq-guide-article><p>Private.</p></veriq-guide-article></body></html>`;
  const script = `console.log(${JSON.stringify('a shipped script '.repeat(200))});\n`;
  // A sibling made at another quality than the server's: served as shipped, byte for byte.
  const shipped = brotliCompressSync(script, { params: { [zlib.BROTLI_PARAM_QUALITY]: 1 } });
  mkdirSync(join(root, 'guides'), { recursive: true });
  mkdirSync(join(root, '.gate'), { recursive: true });
  writeFileSync(join(root, 'guides', 'rule.html'), guide);
  writeFileSync(join(root, 'index.html'), `<!doctype html><title>Home</title><p>${'Home. '.repeat(500)}</p>`);
  writeFileSync(join(root, 'app.js'), script);
  writeFileSync(join(root, 'app.js.br'), shipped);
  writeFileSync(
    join(root, '.gate', 'manifest.json'),
    JSON.stringify({
      guideChunks: [],
      securityHeaders: { 'Content-Security-Policy': "default-src 'self'" },
      identity: { domain: 'https://tenant.example.auth0.com', clientId: 'docs-client' },
      open: false,
    }),
  );
  const compression = new Compression();
  let finished: (summary: PrecompressSummary) => void;
  const done = new Promise<PrecompressSummary>((settle) => (finished = settle));
  const server = createStaticServer({ root, gate: {}, compression, precompress: { onDone: (s) => finished(s) } });
  let port = 0;

  beforeAll(async () => {
    await listen(server, 0);
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => {
    server.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('compresses files and signed-out shells before they are asked for, and uses shipped siblings', async () => {
    const summary = await done;
    // The home page, the guide page's file and its shell, the script.
    expect(summary.bodies).toBe(4);
    for (const [path, accept] of [
      ['/', 'br'],
      ['/guides/rule', 'br'],
      ['/', 'gzip'],
      ['/guides/rule', 'gzip'],
    ]) {
      const response = await raw(port, path, { headers: { 'Accept-Encoding': accept } });
      expect(response.headers['content-encoding'], path).toBe(accept);
    }
    const app = await raw(port, '/app.js', { headers: { 'Accept-Encoding': 'br' } });
    expect(app.body.equals(shipped)).toBe(true);
    expect(decoded(app).toString()).toBe(script);
    expect(compression.stats().compressed).toBe(0);
  });
});

describe('the files the server holds in memory are the files sirv serves', () => {
  /** What sirv (production mode, as the server configures it) answers for a decoded path: the bytes, or null. */
  const sirvServes = (root: string) => {
    const serve = sirv(root, { dev: false, etag: false, dotfiles: false, extensions: ['html'] });
    return (path: string) =>
      new Promise<Buffer | null>((done) => {
        const res = Object.assign(new PassThrough(), {
          statusCode: 200,
          getHeader: () => undefined,
          setHeader: () => undefined,
          writeHead: () => res,
        });
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => done(Buffer.concat(chunks)));
        const req = { url: encodeURI(path), method: 'GET', headers: {} };
        serve(req as never, res as never, () => done(null));
      });
  };

  it('resolves every spelling of a page to the same file as sirv', async () => {
    const root = mkdtempSync(join(tmpdir(), 'static-server-resolve-'));
    const tree: Record<string, string> = {
      'index.html': 'root',
      'a.html': 'a.html',
      'a/index.html': 'a/index.html',
      'b/index.html': 'b/index.html',
      c: 'c',
      'c.html': 'c.html',
      'd.html/index.html': 'd.html/index.html',
      'e/index': 'e/index',
      'e/index.html': 'e/index.html',
      '.hidden/x.html': 'hidden',
      'f/.secret.txt': 'secret',
      '.well-known/thing.json': 'well-known',
      'caf\u0065\u0301.html': 'nfd',
      'g h/i.html': 'space',
      _headers: 'headers',
    };
    for (const [name, text] of Object.entries(tree)) {
      mkdirSync(join(root, name, '..'), { recursive: true });
      writeFileSync(join(root, name), text);
    }
    const paths = [
      '/',
      '/index',
      '/index.html',
      ...['a', 'b', 'c', 'd', 'e', 'f', 'g h'].flatMap((n) => [
        `/${n}`,
        `/${n}/`,
        `/${n}.html`,
        `/${n}/index`,
        `/${n}/index.html`,
      ]),
      '/d.html',
      '/.hidden/x',
      '/.hidden/x.html',
      '/f/.secret.txt',
      '/.well-known/thing.json',
      '/caf\u00e9',
      '/caf\u0065\u0301',
      '/g h/i',
      '/_headers',
      '/missing',
    ];
    const files = buildFiles(root);
    const serves = sirvServes(root);
    try {
      for (const path of paths) {
        const expected = await serves(path);
        const found = resolveBuildFile(files, path);
        expect(found === undefined ? null : readFileSync(found).toString(), path).toBe(expected?.toString() ?? null);
      }
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('answers a rebuilt file anew, and the not-found page apart from /404.html itself', async () => {
    const root = mkdtempSync(join(tmpdir(), 'static-server-held-'));
    writeFileSync(join(root, '404.html'), '<!doctype html><title>Not found</title>');
    writeFileSync(join(root, 'page.html'), 'first build');
    const server = createStaticServer({ root });
    await listen(server, 0);
    const port = (server.address() as AddressInfo).port;
    try {
      for (let round = 0; round < 2; round++) {
        expect((await raw(port, '/404')).status).toBe(200);
        expect((await raw(port, '/missing')).status).toBe(404);
        expect((await raw(port, '/missing')).body.toString()).toContain('Not found');
        expect((await raw(port, '/page')).body.toString()).toBe('first build');
      }
      writeFileSync(join(root, 'page.html'), 'second build, longer');
      expect((await raw(port, '/page')).body.toString()).toBe('second build, longer');
      // A file removed since the server started (a build being rebuilt) is not found, and the
      // server goes on.
      writeFileSync(join(root, 'gone.txt'), 'here at start');
      const again = createStaticServer({ root });
      await listen(again, 0);
      rmSync(join(root, 'gone.txt'));
      rmSync(join(root, '404.html'));
      const gone = await raw((again.address() as AddressInfo).port, '/gone.txt');
      again.close();
      expect(gone.status).toBe(404);
    } finally {
      server.close();
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('resolves every page of an e2e build as sirv does', async () => {
    const root = ['build-e2e/noauth', 'build-e2e/main', 'build'].find((dir) => existsSync(join(dir, 'index.html')));
    if (!root) return;
    const files = buildFiles(root);
    const serves = sirvServes(root);
    const pages = [...files.keys()].filter((p) => p.endsWith('.html')).slice(0, 400);
    for (const file of pages) {
      const page = file.replace(/\.html$/, '');
      for (const path of [page, `${page}/`, file]) {
        const expected = await serves(path);
        const found = resolveBuildFile(files, path);
        expect(found === undefined ? null : readFileSync(found).length, path).toBe(expected?.length ?? null);
      }
    }
  });
});
