// The Node server for the built site (`npm run serve:prod`, the e2e suite, the bench), layered as
// on Netlify, outermost first: the gate (the module the edge runs), the build's `_headers` for the
// files served untouched, then sirv with the host's route resolution; brotli/gzip on the way out.
// Why each layer is as it is: maintainers/decisions/2026-11-27-gate-path-decoding.md
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { PassThrough, Readable } from 'node:stream';
import { readFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import sirv from 'sirv';
import { headersForPath, parseNetlifyHeadersFile } from '../../config/hosting';
import { createGate, type Gate } from '../guide-gate/gate';
import { readGateManifest } from './readGateManifest';
import { encodePath, normalisePath } from '../guide-gate/paths';
import { accessFor, hasGuideAccess } from '../guide-gate/access';
import { isLoopback } from '../guide-gate/cookies';
import { MCP_DATA_DIR } from '../mcp/data';
import { mcpServerFor } from '../mcp/nodeServer';
import { toNodeHeaders, toRequest } from './nodeHttp';

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;

export interface StaticServerOptions {
  root: string;
  /**
   * Run the guides gate, for the identity provider the build names in its manifest; omitted for a
   * site without one (the bench's stock site).
   */
  gate?: {
    searchKey?: (nowMs: number, notAfter: number | null) => Promise<Response>;
    /** Signs sessions (SESSION_SECRET); absent, a random one lives as long as the process. */
    sessionSecret?: string;
  };
  /** Optional request hook, e.g. to delay a path in a test; return true when it answered. */
  intercept?: (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>;
}

/** The build's own `_headers` (written by plugins/hosting-headers), applied as Netlify would. */
export function deployedHeaders(root: string): ((path: string) => Record<string, string>) | undefined {
  const file = join(root, '_headers');
  if (!existsSync(file)) return undefined;
  const rules = parseNetlifyHeadersFile(readFileSync(file, 'utf8'));
  return (path) => headersForPath(rules, path);
}

/**
 * sirv writes to a Node response; this one turns what it writes into a web Response. sirv always
 * calls writeHead before the body (etag and ranges are off), so the Response is made there.
 */
class CapturedResponse extends PassThrough {
  statusCode = 200;
  private readonly headers = new Headers();
  readonly done: Promise<Response>;
  private settle!: (response: Response) => void;

  constructor(private readonly isHead: boolean) {
    super();
    this.done = new Promise((settle) => (this.settle = settle));
  }
  getHeader(name: string): string | null {
    return this.headers.get(name);
  }
  setHeader(name: string, value: string | number): void {
    this.headers.set(name, String(value));
  }
  writeHead(status: number, headers: Record<string, string | number> = {}): this {
    this.statusCode = status;
    for (const [k, v] of Object.entries(headers)) this.setHeader(k, v);
    this.settle(this.toResponse());
    return this;
  }
  private toResponse(): Response {
    const empty = this.isHead || this.statusCode === 304 || this.statusCode === 204;
    const body = empty ? null : (Readable.toWeb(this) as ReadableStream<Uint8Array>);
    if (empty) this.resume();
    return new Response(body, { status: this.statusCode, headers: this.headers });
  }
}

/** Serves a request from the build folder as the host would, as a web Response. */
function fileServer(root: string): (request: Request) => Promise<Response> {
  const notFound = join(root, '404.html');
  const serve = sirv(root, { dev: false, etag: false, dotfiles: false, extensions: ['html'] });
  return (request) => {
    const url = new URL(request.url);
    const isHead = request.method === 'HEAD';
    if (request.method !== 'GET' && !isHead) {
      return Promise.resolve(new Response(null, { status: 405, headers: { Allow: 'GET, HEAD' } }));
    }
    // The gate has judged this path already; normalising an already normal path changes nothing,
    // and sirv's own decodeURI turns the re-encoded path back into exactly this one.
    const path = normalisePath(url.pathname);
    if (path === null) {
      return Promise.resolve(new Response('Bad request', { status: 400, headers: { 'Content-Type': 'text/plain' } }));
    }
    const res = new CapturedResponse(isHead);
    const req = {
      url: encodePath(path) + url.search,
      method: request.method,
      // Ranges are not part of what the host promises for these files; whole files only.
      headers: { 'accept-encoding': request.headers.get('accept-encoding') ?? '' },
    };
    serve(req as unknown as IncomingMessage, res as unknown as ServerResponse, () => {
      const body = !existsSync(notFound) ? 'Not found' : readFileSync(notFound);
      res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(isHead ? undefined : body);
    });
    // Every text file of the build is UTF-8, and the host says so, gated or not.
    return res.done.then((response) => {
      withUtf8Charset(response.headers);
      return response;
    });
  };
}

function loadGate(root: string, options: NonNullable<StaticServerOptions['gate']>, next: Gate): Gate {
  const manifest = readGateManifest(root);
  const secret = options.sessionSecret ?? Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
  const access = accessFor(manifest, secret);
  const mcp = mcpServerFor({
    dataDir: join(root, MCP_DATA_DIR),
    identity: manifest.identity,
    open: access.kind === 'open',
    hasSession: (request) => hasGuideAccess(access, request, Date.now()),
    headers: manifest.securityHeaders,
  });
  return createGate({ manifest, access, searchKey: options.searchKey, next, ...(mcp ? { mcp } : {}) });
}

// Keyed on the body itself: one process serves several builds (the e2e variants) whose files
// share paths and often lengths (preview's and skipauth's index.html), and a build may be
// rebuilt under a running server. Keyed on path and length, a page was served another build's
// HTML, whose scripts its CSP refused.
const compressedCache = new Map<string, Buffer>();

function encode(
  body: Buffer,
  type: string,
  accept: string,
  cacheable: boolean,
): { body: Buffer; encoding: string | null } {
  if (!COMPRESSIBLE.test(type) || body.length < 1024) return { body, encoding: null };
  const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null;
  if (!encoding) return { body, encoding: null };
  const cacheKey = cacheable ? `${encoding}:${createHash('sha256').update(body).digest('base64')}` : '';
  let out = cacheable ? compressedCache.get(cacheKey) : undefined;
  if (!out) {
    out =
      encoding === 'br'
        ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } })
        : gzipSync(body, { level: 9 });
    // Gated and generated bodies differ per request; only cache what the host serves as files.
    if (cacheable) compressedCache.set(cacheKey, out);
  }
  return { body: out, encoding };
}

// Every text file of the build is UTF-8, and the host says so (sirv names the charset for HTML only).
const TEXT_TYPE = /^(text\/[\w.+-]+|application\/(javascript|json|xml|[\w.-]+\+(xml|json))|image\/svg\+xml)$/i;

function withUtf8Charset(headers: Headers): void {
  const type = headers.get('Content-Type');
  if (type && TEXT_TYPE.test(type)) headers.set('Content-Type', `${type}; charset=utf-8`);
}

/**
 * The origin the reader's browser is on: the Host it asked for when that is a loopback name on
 * this server's port (127.0.0.1, localhost, [::1]), so sign-in works whichever the reader typed;
 * any other Host is not this server's to trust.
 */
function requestOrigin(req: IncomingMessage, port: number): string {
  const host = req.headers.host ?? '';
  const match = /^(\[::1\]|[^:]+):(\d+)$/.exec(host);
  if (match && Number(match[2]) === port && isLoopback(match[1].toLowerCase())) return `http://${host.toLowerCase()}`;
  return `http://127.0.0.1:${port}`;
}

export function createStaticServer(options: StaticServerOptions): Server {
  const root = resolve(options.root);
  const files = fileServer(root);
  const rulesFor = deployedHeaders(root);
  // Files the host serves untouched get the `_headers` rules; the gate's own responses do not.
  const served = new WeakSet<Response>();
  const next: Gate = async (request) => {
    const response = await files(request);
    served.add(response);
    return response;
  };
  const handle = options.gate ? loadGate(root, options.gate, next) : next;

  const serve = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    try {
      if (options.intercept && (await options.intercept(req, res))) return;
      const address = server.address();
      const origin = requestOrigin(req, typeof address === 'object' && address ? address.port : 80);
      const request = toRequest(req, origin);
      const response = await handle(request);
      const headers = new Headers(response.headers);
      const untouched = served.has(response);
      if (untouched && rulesFor) {
        const path = normalisePath(new URL(request.url).pathname) ?? '/';
        for (const [k, v] of Object.entries(rulesFor(path))) headers.set(k, v);
      }
      const raw = Buffer.from(await response.arrayBuffer());
      const type = headers.get('Content-Type') ?? '';
      const { body, encoding } = encode(raw, type, String(req.headers['accept-encoding'] ?? ''), untouched);
      headers.set('Content-Length', String(body.length));
      // Keep what the response varies on already (Cookie for what the session opens, Accept for a
      // page's Markdown by negotiation); compression adds its own.
      const vary = headers.get('Vary');
      headers.set(
        'Vary',
        vary && !/accept-encoding/i.test(vary) ? `${vary}, Accept-Encoding` : vary || 'Accept-Encoding',
      );
      if (encoding) headers.set('Content-Encoding', encoding);
      headers.delete('Last-Modified');
      res.writeHead(response.status, toNodeHeaders(headers));
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (error) {
      console.error(error);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end('Internal server error');
    }
  };
  // serve never rejects: a failure is logged and answered with a 500 above.
  const server = createServer((req, res) => void serve(req, res));
  return server;
}

export function listen(server: Server, port: number): Promise<void> {
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => done());
  });
}
