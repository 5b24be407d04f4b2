// A small static file server for the built site, used by `npm run serve:prod`, the e2e suite
// and the benchmark. It resolves routes the way our host does with trailingSlash: false
// (/a/b -> a/b.html, then a/b/index.html), answers unknown paths with 404.html and a 404 status,
// and compresses text with brotli or gzip as a CDN would.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { readFileSync, existsSync } from 'node:fs';
import { headersForPath, parseNetlifyHeadersFile } from '../config/hosting';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.xml', '.txt', '.md', '.webmanifest']);

export interface StaticServerOptions {
  root: string;
  /** Extra response headers for a resolved file (cache and security headers). */
  headersFor?: (urlPath: string, file: string) => Record<string, string>;
  /** Optional request hook, e.g. to delay a path in a test; return true when it answered. */
  intercept?: (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>;
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/** The file a URL path maps to, or null; never a path outside root. */
export async function resolveFile(root: string, urlPath: string): Promise<string | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const base = resolve(root);
  const target = normalize(join(base, decoded));
  if (target !== base && !target.startsWith(base + sep)) return null;
  const candidates = decoded.endsWith('/')
    ? [join(target, 'index.html')]
    : [target, `${target}.html`, join(target, 'index.html')];
  for (const candidate of candidates) {
    if (await isFile(candidate)) return candidate;
  }
  return null;
}

const compressedCache = new Map<string, Buffer>();

function encode(body: Buffer, file: string, accept: string): { body: Buffer; encoding: string | null } {
  if (!COMPRESSIBLE.has(extname(file)) || body.length < 1024) return { body, encoding: null };
  const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null;
  if (!encoding) return { body, encoding: null };
  const key = `${encoding}:${file}:${body.length}`;
  let out = compressedCache.get(key);
  if (!out) {
    out =
      encoding === 'br'
        ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } })
        : gzipSync(body, { level: 9 });
    compressedCache.set(key, out);
  }
  return { body: out, encoding };
}

/** The build's own `_headers` (written by plugins/hosting-headers), applied as Netlify would. */
export function deployedHeaders(root: string): StaticServerOptions['headersFor'] {
  const file = join(root, '_headers');
  if (!existsSync(file)) return undefined;
  const rules = parseNetlifyHeadersFile(readFileSync(file, 'utf8'));
  return (urlPath) => headersForPath(rules, urlPath);
}

export function createStaticServer(options: StaticServerOptions): Server {
  const headersFor = options.headersFor ?? deployedHeaders(options.root);
  return createServer(async (req, res) => {
    try {
      if (options.intercept && (await options.intercept(req, res))) return;
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { Allow: 'GET, HEAD' }).end();
        return;
      }
      const urlPath = new URL(req.url ?? '/', 'http://localhost').pathname;
      let file = urlPath === '/_headers' ? null : await resolveFile(options.root, urlPath);
      let status = 200;
      if (!file) {
        file = join(options.root, '404.html');
        status = 404;
      }
      const raw = await readFile(file);
      const { body, encoding } = encode(raw, file, String(req.headers['accept-encoding'] ?? ''));
      res.writeHead(status, {
        'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
        'Content-Length': body.length,
        Vary: 'Accept-Encoding',
        ...(encoding ? { 'Content-Encoding': encoding } : {}),
        ...(headersFor?.(urlPath, file) ?? {}),
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (error) {
      console.error(error);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end('Internal server error');
    }
  });
}

export function listen(server: Server, port: number): Promise<void> {
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => done());
  });
}
