// The Node server for the built site (`npm run serve:prod`, the e2e suite, the bench), layered as
// on Netlify, outermost first: the gate (the module the edge runs), the build's `_headers` for the
// files served untouched, then sirv with the host's route resolution (each file held in memory
// once read); brotli/gzip on the way out, off the event loop and cached by content (./compression.ts).
// Why each layer is as it is: maintainers/decisions/2026-11-27-gate-path-decoding.md
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { Writable } from 'node:stream';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import sirv from 'sirv';
import { headersForPath, parseNetlifyHeadersFile } from '../../config/hosting';
import { createGate, type Gate } from '../guide-gate/gate';
import { toShell } from '../guide-gate/shell';
import { readGateManifest } from './readGateManifest';
import type { GateManifest } from '../guide-gate/manifest';
import type { Access } from '../guide-gate/session';
import type { McpHandler } from '../mcp/index';
import { encodePath, normalisePath, pagePath } from '../guide-gate/paths';
import { accessFor, hasGuideAccess } from '../guide-gate/access';
import { isLoopback } from '../guide-gate/cookies';
import { LOGIN_PATH, SESSION_PATH } from '../guide-gate/session';
import { MCP_DATA_DIR } from '../mcp/data';
import { mcpRoute } from '../mcp/routes';
import { mcpServerFor } from '../mcp/nodeServer';
import { BadTargetError, requestTarget, toNodeHeaders, toRequest } from './nodeHttp';
import {
  COMPRESSIBLE,
  Compression,
  compressibleFiles,
  contentDigest,
  ENCODINGS,
  MIN_COMPRESS_BYTES,
  negotiateEncoding,
  sitePath,
  type PrecompressedStore,
} from './compression';

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
    /** The manifest the gate enforces, from the build's (the offline bundle sets its identity at start). */
    manifest?: (built: GateManifest) => GateManifest;
    /** The MCP server, instead of the one the build's data and manifest describe. */
    mcp?: (gate: {
      manifest: GateManifest;
      access: Access;
      hasSession: (request: Request) => Promise<boolean>;
    }) => McpHandler | null;
  };
  /** The origin every request is taken to be for (SITE_URL behind a proxy); absent: the loopback rule. */
  origin?: string;
  /** Rewrites every HTML page before it is compressed and sent (the same text for every reader). */
  transformHtml?: (html: string) => string;
  /**
   * Whether a Host (or absolute-form authority), port left out, is one this server answers for;
   * others get 421, so a DNS-rebinding page cannot read it through a reader's browser.
   */
  allowedHost?: (hostname: string) => boolean;
  /** Optional request hook, e.g. to delay a path in a test; return true when it answered. */
  intercept?: (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>;
  /** Compressed bodies by content hash (default: a cache of this server's own). */
  compression?: Compression;
  /** Compressed forms made elsewhere (e.g. a bundle's precompressed files), used before compressing. */
  precompressed?: PrecompressedStore;
  /**
   * At start, compress every text file of the build and every signed-out guide shell at the best
   * quality, in the background (or take a file's fresh `.br`/`.gz` sibling); `serve:prod` does.
   */
  precompress?: boolean | { onDone?: (summary: PrecompressSummary) => void };
}

export interface PrecompressSummary {
  /** Bodies compressed (files, and guide shells). */
  bodies: number;
  bytes: number;
  /** What the cache holds afterwards, both codings. */
  compressedBytes: number;
  ms: number;
}

/** The build's own `_headers` (written by plugins/hosting-headers), applied as Netlify would. */
export function deployedHeaders(root: string): ((path: string) => Record<string, string>) | undefined {
  const file = join(root, '_headers');
  if (!existsSync(file)) return undefined;
  const rules = parseNetlifyHeadersFile(readFileSync(file, 'utf8'));
  return (path) => headersForPath(rules, path);
}

/**
 * sirv writes to a Node response; this one collects what it writes into a web Response, whole
 * (etag and ranges are off, and the server hashes the body to find its compressed forms).
 */
class CapturedResponse extends Writable {
  statusCode = 200;
  private readonly headers = new Headers();
  private readonly chunks: Buffer[] = [];
  readonly done: Promise<Response>;

  constructor(private readonly isHead: boolean) {
    super();
    this.done = new Promise((settle, fail) => {
      this.once('finish', () => settle(this.toResponse()));
      this.once('error', fail);
    });
    // sirv pipes a file stream here without listening for its errors (a file removed since start).
    this.once('pipe', (source: NodeJS.ReadableStream) => source.once('error', (error: Error) => this.destroy(error)));
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
    return this;
  }
  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.chunks.push(chunk);
    callback();
  }
  private toResponse(): Response {
    const empty = this.isHead || this.statusCode === 304 || this.statusCode === 204;
    return new Response(empty ? null : Buffer.concat(this.chunks), { status: this.statusCode, headers: this.headers });
  }
}

/**
 * The build's files as sirv's production mode lists them at start (dotfiles left out, except
 * `.well-known`), by site path, NFC-normalised as sirv keys them.
 */
export function buildFiles(root: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const name = relative(root, join(entry.parentPath, entry.name));
    if (!/\.well-known[\\/]/.test(name) && /(^\.|[\\/]\.)/.test(name)) continue;
    files.set('/' + name.normalize().replace(/\\+/g, '/'), join(root, name));
  }
  return files;
}

/**
 * The file sirv serves for a decoded path, found as sirv finds it (`extensions: ['html']`): the
 * path, `path/index`, `path.html`, `path/index.html`, after one trailing slash is dropped.
 */
export function resolveBuildFile(files: ReadonlyMap<string, string>, path: string): string | undefined {
  const uri = path.endsWith('/') ? path.slice(0, -1) : path;
  for (const ext of ['', '.html']) {
    const found = (uri ? files.get(uri + ext) : undefined) ?? files.get(`${uri}/index${ext}`);
    if (found) return found;
  }
  return undefined;
}

/** Bytes the server holds, with their hash: a file, or a guide's shell cut from it. */
interface HeldBody {
  body: Buffer;
  blob: Blob;
  digest: string;
}

/** A file as last served: sirv's status and headers and the bytes, valid while mtime and size hold. */
interface HeldFile extends HeldBody {
  mtimeMs: number;
  size: number;
  status: number;
  headers: [string, string][];
}

function heldBody(body: Buffer): HeldBody {
  return { body, blob: new Blob([body]), digest: contentDigest(body) };
}

/** Files up to this size are held in memory, up to FILES_HELD_BYTES in all (the PDF books are not). */
const HELD_FILE_BYTES = 4 * 2 ** 20;
const FILES_HELD_BYTES = 128 * 2 ** 20;

/**
 * Serves a request from the build folder as the host would, as a web Response: sirv's route
 * resolution and headers, and each file's bytes held after its first read (checked against the
 * file's mtime and size on every request, so a rebuilt file is read again). `held` learns which
 * response bodies are a held file's bytes, untouched.
 */
function fileServer(
  root: string,
  held: WeakMap<ReadableStream<Uint8Array>, HeldBody>,
): (request: Request) => Promise<Response> {
  const notFound = join(root, '404.html');
  const serve = sirv(root, { dev: false, etag: false, dotfiles: false, extensions: ['html'] });
  const files = buildFiles(root);
  const cache = new Map<string, HeldFile>();
  let cachedBytes = 0;
  const fromHeld = (file: HeldFile) => {
    const response = new Response(file.blob, { status: file.status, headers: file.headers });
    // Keyed by the body stream, which the gate hands on as it is for a reader with a session
    // (fetch refuses a stream already read, so the same stream means the same bytes).
    held.set(response.body!, file);
    return response;
  };
  const keep = (key: string, file: HeldFile) => {
    const old = cache.get(key);
    if (old) cachedBytes -= old.size;
    cache.set(key, file);
    cachedBytes += file.size;
    for (const [oldest, value] of cache) {
      if (cachedBytes <= FILES_HELD_BYTES) break;
      cache.delete(oldest);
      cachedBytes -= value.size;
    }
  };
  return async (request) => {
    const url = new URL(request.url);
    const isHead = request.method === 'HEAD';
    if (request.method !== 'GET' && !isHead) {
      return new Response(null, { status: 405, headers: { Allow: 'GET, HEAD' } });
    }
    // The gate has judged this path already; normalising an already normal path changes nothing,
    // and sirv's own decodeURI turns the re-encoded path back into exactly this one.
    const path = normalisePath(url.pathname);
    if (path === null) {
      return new Response('Bad request', { status: 400, headers: { 'Content-Type': 'text/plain' } });
    }
    // sirv reads the file named by the path alone (the query plays no part). The not-found page is
    // held apart from /404.html itself, which answers 200.
    const found = resolveBuildFile(files, path);
    const abs = found ?? notFound;
    const key = found ?? '404';
    const stats = statSync(abs, { throwIfNoEntry: false });
    const hit = stats ? cache.get(key) : undefined;
    if (hit && hit.mtimeMs === stats!.mtimeMs && hit.size === stats!.size && !isHead) return fromHeld(hit);

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
    const response = await res.done.catch((error: unknown) => {
      // Removed since the server started (a build being rebuilt): not found, as on the host.
      if ((error as { code?: unknown }).code !== 'ENOENT') throw error;
      return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } });
    });
    // Every text file of the build is UTF-8, and the host says so, gated or not.
    withUtf8Charset(response.headers);
    const status = response.status;
    if (isHead || !stats || stats.size > HELD_FILE_BYTES || status !== (found ? 200 : 404)) return response;
    const body = Buffer.from(await response.arrayBuffer());
    // Read whole and unchanged since the stat: held from now on.
    if (body.length !== stats.size) return new Response(body, { status, headers: response.headers });
    const headers: [string, string][] = [];
    response.headers.forEach((value, name) => headers.push([name, value]));
    const file: HeldFile = { mtimeMs: stats.mtimeMs, size: stats.size, status, headers, ...heldBody(body) };
    keep(key, file);
    return fromHeld(file);
  };
}

/**
 * The gate's shell of a guide page, cut once per version of a held file (the same toShell, on the
 * same bytes) and answered as a stream `held` knows, so its hash is not computed again either.
 */
function shellCutter(held: WeakMap<ReadableStream<Uint8Array>, HeldBody>) {
  const shells = new WeakMap<HeldBody, HeldBody | null>();
  return async (upstream: Response): Promise<BodyInit | null> => {
    const file = upstream.body ? held.get(upstream.body) : undefined;
    if (!file) return toShell(await upstream.text());
    let shell = shells.get(file);
    if (shell === undefined) {
      const text = toShell(file.body.toString('utf8'));
      shell = text === null ? null : heldBody(Buffer.from(text));
      shells.set(file, shell);
    }
    if (!shell) return null;
    const stream = shell.blob.stream();
    held.set(stream, shell);
    return stream;
  };
}

function loadGate(
  root: string,
  options: NonNullable<StaticServerOptions['gate']>,
  next: Gate,
  shell: (upstream: Response) => Promise<BodyInit | null>,
): Gate {
  const built = readGateManifest(root);
  const manifest = options.manifest ? options.manifest(built) : built;
  const secret = options.sessionSecret ?? Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
  const access = accessFor(manifest, secret);
  const hasSession = (request: Request) => hasGuideAccess(access, request, Date.now());
  const mcp = options.mcp
    ? options.mcp({ manifest, access, hasSession })
    : mcpServerFor({
        dataDir: join(root, MCP_DATA_DIR),
        identity: manifest.identity,
        open: access.kind === 'open',
        hasSession,
        headers: manifest.securityHeaders,
      });
  return createGate({ manifest, access, searchKey: options.searchKey, next, shell, ...(mcp ? { mcp } : {}) });
}

// Every text file of the build is UTF-8, and the host says so (sirv names the charset for HTML only).
const TEXT_TYPE = /^(text\/[\w.+-]+|application\/(javascript|json|xml|[\w.-]+\+(xml|json))|image\/svg\+xml)$/i;

function withUtf8Charset(headers: Headers): void {
  const type = headers.get('Content-Type');
  if (type && TEXT_TYPE.test(type)) headers.set('Content-Type', `${type}; charset=utf-8`);
}

/**
 * The origin the reader's browser is on: the host it asked for (the Host header, or an
 * absolute-form target's authority) when that is a loopback name on this server's port
 * (127.0.0.1, localhost, [::1]), so sign-in works whichever the reader typed; any other host is not
 * this server's to trust.
 */
function requestOrigin(host: string, port: number): string {
  const match = /^(\[::1\]|[^:]+):(\d+)$/.exec(host);
  if (match && Number(match[2]) === port && isLoopback(match[1].toLowerCase())) return `http://${host.toLowerCase()}`;
  return `http://127.0.0.1:${port}`;
}

/** Methods fetch's Request refuses to carry (CONNECT reaches the server's 'connect' event). */
const UNSUPPORTED_METHODS = new Set(['TRACE', 'TRACK', 'CONNECT']);
const ALL_METHODS = 'GET, HEAD, POST, DELETE, OPTIONS';
/** Statuses whose responses carry no body, and so no Content-Length (RFC 9110 §8.6). */
const NO_BODY = new Set([204, 304]);

/** The methods a path answers, for the Allow of a 405. */
function allowedMethods(target: string): string {
  const pathname = target.replace(/[?#].*$/s, '');
  const route = mcpRoute(pathname);
  if (route === 'mcp') return 'POST, OPTIONS';
  if (route) return 'GET, HEAD, OPTIONS';
  const normalised = normalisePath(pathname);
  const page = normalised === null ? null : pagePath(normalised);
  if (page === LOGIN_PATH) return 'POST';
  if (page === SESSION_PATH) return 'GET, HEAD, POST, DELETE';
  return 'GET, HEAD';
}

const plainText = { 'Content-Type': 'text/plain; charset=utf-8', 'X-Content-Type-Options': 'nosniff' };

/** A short answer the server writes itself, to a request it cannot hand to the site. */
function answer(res: ServerResponse, status: number, text: string | null, headers: Record<string, string> = {}): void {
  const body = text === null ? '' : `${text}\n`;
  res.writeHead(status, {
    ...(text === null ? {} : { ...plainText, 'Content-Length': String(Buffer.byteLength(body)) }),
    ...headers,
  });
  res.end(body);
}

/** The host name of a Host header or authority, lower-cased, without its port. */
export function hostnameOf(authority: string): string {
  const host = authority.trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  return host.replace(/:\d*$/, '').replace(/\.$/, '');
}

/** A failure caused by the client (a bad target, a body cut short), which the server does not log. */
function clientCaused(error: unknown, req: IncomingMessage): boolean {
  if (error instanceof BadTargetError || req.destroyed || req.readableAborted) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE' || code === 'ABORT_ERR';
}

export function createStaticServer(options: StaticServerOptions): Server {
  const root = resolve(options.root);
  const held = new WeakMap<ReadableStream<Uint8Array>, HeldBody>();
  const files = fileServer(root, held);
  const rulesFor = deployedHeaders(root);
  const compression = options.compression ?? new Compression({ precompressed: options.precompressed });
  // Files the host serves untouched get the `_headers` rules; the gate's own responses do not.
  const served = new WeakSet<Response>();
  const next: Gate = async (request) => {
    const response = await files(request);
    served.add(response);
    return response;
  };
  const handle = options.gate ? loadGate(root, options.gate, next, shellCutter(held)) : next;

  // The port this server listens on, looked up once (a server that is not listening: 80).
  let listening: number | null = null;
  const portOf = () => {
    if (listening === null) {
      const address = server.address();
      if (typeof address === 'object' && address) listening = address.port;
    }
    return listening ?? 80;
  };

  const serve = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    try {
      if (options.intercept && (await options.intercept(req, res))) return;
      const method = req.method ?? 'GET';
      const target = requestTarget(req.url);
      if (UNSUPPORTED_METHODS.has(method)) {
        const path = target.form === 'origin' || target.form === 'absolute' ? target.path : null;
        return answer(res, 405, `${method} is not supported.`, { Allow: path ? allowedMethods(path) : ALL_METHODS });
      }
      if (target.form === 'asterisk') {
        if (method === 'OPTIONS') return answer(res, 204, null, { Allow: ALL_METHODS });
        return answer(res, 400, 'Bad request: "*" names the server itself, for OPTIONS only.');
      }
      if (target.form === 'invalid')
        return answer(res, 400, 'Bad request: the target is neither a path nor an http URL.');
      const port = portOf();
      // RFC 9112 §3.2.2: an absolute-form target's authority stands in for the Host header.
      const authority = target.form === 'absolute' ? target.authority : (req.headers.host ?? '');
      if (options.allowedHost && !options.allowedHost(hostnameOf(authority)))
        return answer(res, 421, 'Misdirected request: this server does not answer for that host name (set SITE_URL).');
      const origin = options.origin ?? requestOrigin(authority, port);
      // HEAD is asked as GET, so that it answers the same status, length and headers (RFC 9110 §9.3.2).
      const request = toRequest(req, origin, method === 'HEAD' ? 'GET' : method);
      const response = await handle(request);
      const headers = new Headers(response.headers);
      if (served.has(response) && rulesFor) {
        const path = normalisePath(new URL(request.url).pathname) ?? '/';
        for (const [k, v] of Object.entries(rulesFor(path))) headers.set(k, v);
      }
      // A file's own bytes (or its shell), as held, come with their hash; any other body is read.
      const heldFile = response.body ? held.get(response.body) : undefined;
      const type = headers.get('Content-Type') ?? '';
      const rewrite = options.transformHtml && /^text\/html\b/i.test(type) ? options.transformHtml : null;
      let raw = heldFile ? heldFile.body : Buffer.from(await response.arrayBuffer());
      if (rewrite && raw.length > 0) raw = Buffer.from(rewrite(raw.toString('utf8')));
      // A rewritten page is hashed anew by the compression cache.
      const file = rewrite ? undefined : heldFile;
      const encoding =
        COMPRESSIBLE.test(type) && raw.length >= MIN_COMPRESS_BYTES && !headers.has('Content-Encoding')
          ? negotiateEncoding(req.headers['accept-encoding'])
          : null;
      // Off the event loop; what GET answers recurs (files, shells) and is kept, by its content.
      const body = encoding ? await compression.compressed(raw, encoding, request.method === 'GET', file?.digest) : raw;
      if (NO_BODY.has(response.status)) headers.delete('Content-Length');
      else headers.set('Content-Length', String(body.length));
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
      res.end(method === 'HEAD' ? undefined : body);
    } catch (error) {
      const byClient = clientCaused(error, req);
      if (!byClient) console.error('site server:', error);
      if (res.headersSent) return void res.end();
      answer(res, byClient ? 400 : 500, byClient ? 'Bad request.' : 'Internal server error.');
    }
  };
  // serve never rejects: a failure is logged (unless the client caused it) and answered above.
  const server = createServer((req, res) => void serve(req, res));
  server.on('close', () => (listening = null));
  // CONNECT asks for a tunnel, which this server never opens (RFC 9110 §9.3.6).
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => {
    socket.end(
      `HTTP/1.1 405 Method Not Allowed\r\nAllow: ${ALL_METHODS}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
    );
  });
  // Requests Node's parser refuses, answered as Node would (400, 408, 413, 431), except methods it
  // does not know: TRACK (TRACE's twin) gets 405 like TRACE, any other 501 (RFC 9110 §15.6.2).
  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
    const method =
      error.code === 'HPE_INVALID_METHOD' ? /^[!-~]+/.exec(error.rawPacket?.toString('latin1') ?? '')?.[0] : undefined;
    const status =
      method === 'TRACK'
        ? '405 Method Not Allowed'
        : method
          ? '501 Not Implemented'
          : error.code === 'HPE_HEADER_OVERFLOW'
            ? '431 Request Header Fields Too Large'
            : error.code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW'
              ? '413 Payload Too Large'
              : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
                ? '408 Request Timeout'
                : '400 Bad Request';
    const allow = method ? `Allow: ${ALL_METHODS}\r\n` : '';
    socket.end(`HTTP/1.1 ${status}\r\n${allow}Content-Length: 0\r\nConnection: close\r\n\r\n`);
  });
  if (options.precompress) {
    const onDone = typeof options.precompress === 'object' ? options.precompress.onDone : undefined;
    void precompressBuild(root, handle, compression).then(onDone, (error: unknown) =>
      console.error('site server: precompressing the build failed:', error),
    );
  }
  return server;
}

/**
 * The background pass: each text file of the build, and each page as a signed-out reader gets it
 * (a guide's shell), compressed at the best quality one at a time (one thread of the pool), or
 * taken from a file's fresh `.br`/`.gz` sibling. Files removed meanwhile are skipped.
 */
async function precompressBuild(root: string, handle: Gate, compression: Compression): Promise<PrecompressSummary> {
  const started = performance.now();
  const summary: PrecompressSummary = { bodies: 0, bytes: 0, compressedBytes: 0, ms: 0 };
  const signedOut = async (file: string): Promise<Uint8Array | null> => {
    const page = sitePath(root, file).replace(/(\/index)?\.html$/, '') || '/';
    const response = await handle(new Request(`http://127.0.0.1${encodePath(page)}`));
    return response.status === 200 ? new Uint8Array(await response.arrayBuffer()) : null;
  };
  for (const file of await compressibleFiles(root)) {
    try {
      const own = await readFile(file);
      const shell = file.endsWith('.html') ? await signedOut(file) : null;
      const bodies = shell && Buffer.compare(shell, own) !== 0 ? [own, shell] : [own];
      for (const body of bodies) {
        summary.bodies++;
        summary.bytes += body.length;
        for (const encoding of ENCODINGS) {
          const sibling = `${file}.${encoding === 'br' ? 'br' : 'gz'}`;
          const shipped = body === own ? await stat(sibling).catch(() => null) : null;
          const source = await stat(file);
          if (shipped?.isFile() && shipped.mtimeMs >= source.mtimeMs) {
            compression.adopt(body, encoding, await readFile(sibling));
          } else await compression.precompress(body, encoding);
        }
      }
    } catch {
      // Removed or rebuilt meanwhile: requests compress it when it is asked for.
    }
  }
  summary.compressedBytes = compression.stats().cachedBytes;
  summary.ms = Math.round(performance.now() - started);
  return summary;
}

export function listen(server: Server, port: number): Promise<void> {
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => done());
  });
}
