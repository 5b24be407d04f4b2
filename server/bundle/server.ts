// The offline bundle's web server (server.mjs). Its files are served by serve:prod's own host layer
// (createStaticServer without a gate: sirv's route resolution, the 404 page, the build's
// `_headers`, UTF-8 charsets), asked in-process; in front of it run the same gate and MCP modules
// as serve:prod (server/guide-gate, server/mcp), composed as siteServer's loadGate composes them.
// Three things differ, because a bundle is configured where it is installed, not where it is built:
// the gate's identity comes from the environment (./settings.ts), every request is taken to be for
// SITE_URL when it is set (the server may sit behind the operator's TLS proxy), and every page
// carries the browser's sign-in settings in a <meta> (shared/auth/runtimeConfig.ts).
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { runtimeAuthMetaTag } from '../../shared/auth/runtimeConfig';
import { accessFor, hasGuideAccess } from '../guide-gate/access';
import { isLoopback } from '../guide-gate/cookies';
import { createGate } from '../guide-gate/gate';
import { accessTokenVerifier, createMcpHandler, type McpHandler } from '../mcp';
import { MCP_DATA_DIR, MCP_FILES } from '../mcp/data';
import { toNodeHeaders, toRequest } from '../node/nodeHttp';
import { readGateManifest } from '../node/readGateManifest';
import { createStaticServer } from '../node/siteServer';
import { browserAuthConfig, bundleManifest, type BundleSettings } from './settings';

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/;
const NULL_BODY_STATUS = new Set([101, 103, 204, 205, 304]);

/** What the host layer wrote for one in-process request, as a web Response. */
class HostResponse {
  headersSent = false;
  private status = 200;
  private readonly headers = new Headers();

  constructor(
    private readonly isHead: boolean,
    private readonly settle: (response: Response) => void,
  ) {}

  writeHead(status: number, headers: Record<string, string | string[] | number> = {}): this {
    this.status = status;
    for (const [k, v] of Object.entries(headers)) {
      // The host's transport headers are for the bytes it would have sent: this server sends its own.
      if (/^(content-length|vary)$/i.test(k)) continue;
      for (const item of Array.isArray(v) ? v : [v]) this.headers.append(k, String(item));
    }
    this.headersSent = true;
    return this;
  }

  end(body?: Buffer | string): this {
    const empty = this.isHead || body === undefined || NULL_BODY_STATUS.has(this.status);
    this.settle(new Response(empty ? null : body, { status: this.status, headers: this.headers }));
    return this;
  }
}

/**
 * The host layer as a function: serve:prod's static server (no gate), given each request in-process,
 * uncompressed (this server compresses what it finally sends).
 */
function hostLayer(root: string): (request: Request) => Promise<Response> {
  const host = createStaticServer({ root });
  return (request) =>
    new Promise((settle) => {
      const url = new URL(request.url);
      const req = Object.assign(Readable.from([]), {
        url: url.pathname + url.search,
        method: request.method,
        headers: { host: '127.0.0.1', 'accept-encoding': 'identity' },
      });
      host.emit('request', req, new HostResponse(request.method === 'HEAD', settle));
    });
}

/** The MCP server over the build's data, for the identity and origin this bundle runs with. */
function mcpHandler(
  root: string,
  settings: BundleSettings,
  open: boolean,
  hasSession: (request: Request) => Promise<boolean>,
  headers: Record<string, string>,
): McpHandler {
  const dataDir = join(root, MCP_DATA_DIR);
  // Answers link to the site's canonical URL (the build's SITE_URL); readers of this bundle reach
  // it on the runtime SITE_URL, so the data's links name that one instead.
  const built = (
    JSON.parse(readFileSync(join(dataDir, MCP_FILES.site.slice(MCP_DATA_DIR.length)), 'utf8')) as {
      siteUrl: string;
    }
  ).siteUrl;
  const relink = settings.siteUrl && settings.siteUrl !== built ? settings.siteUrl : null;
  return createMcpHandler({
    readFile: (path) =>
      readFile(join(dataDir, path.slice(MCP_DATA_DIR.length)), 'utf8').then(
        (text) => (relink ? text.split(built).join(relink) : text),
        () => null,
      ),
    verifier: settings.identity ? accessTokenVerifier(settings.identity.domain, settings.mcpAudience!) : null,
    open,
    hasSession,
    headers,
  });
}

/**
 * The origin the reader's browser is on: SITE_URL when set; else, as serve:prod decides it, the
 * Host asked for when it is a loopback name on this server's port, or http://127.0.0.1:PORT.
 */
function requestOrigin(req: IncomingMessage, settings: BundleSettings, port: number): string {
  if (settings.siteUrl) return settings.siteUrl;
  const host = req.headers.host ?? '';
  const match = /^(\[::1\]|[^:]+):(\d+)$/.exec(host);
  if (match && Number(match[2]) === port && isLoopback(match[1].toLowerCase())) return `http://${host.toLowerCase()}`;
  return `http://127.0.0.1:${port}`;
}

/** The page with the browser's sign-in settings as the first element of its <head>. */
export function withAuthMeta(html: string, meta: string): string {
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (!head) return html;
  const at = head.index + head[0].length;
  return html.slice(0, at) + meta + html.slice(at);
}

const compressed = new Map<string, Buffer>();

function encode(
  body: Buffer,
  type: string,
  accept: string,
  cacheable: boolean,
): { body: Buffer; encoding: string | null } {
  if (!COMPRESSIBLE.test(type) || body.length < 1024) return { body, encoding: null };
  const encoding = /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : null;
  if (!encoding) return { body, encoding: null };
  const key = cacheable ? `${encoding}:${createHash('sha256').update(body).digest('base64')}` : '';
  let out = cacheable ? compressed.get(key) : undefined;
  if (!out) {
    out =
      encoding === 'br'
        ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } })
        : gzipSync(body, { level: 9 });
    if (cacheable) compressed.set(key, out);
  }
  return { body: out, encoding };
}

export interface BundleServerOptions {
  /** The bundle's `site/` folder: a build with its `.gate/` data. */
  root: string;
  settings: BundleSettings;
}

export function createBundleServer(options: BundleServerOptions): Server {
  const root = resolve(options.root);
  const { settings } = options;
  const files = hostLayer(root);
  // Responses of the host layer, untouched by the gate: the same bytes for every reader.
  const fromHost = new WeakSet<Response>();
  const next = async (request: Request) => {
    const response = await files(request);
    fromHost.add(response);
    return response;
  };
  const manifest = bundleManifest(readGateManifest(root), settings);
  const access = accessFor(manifest, settings.sessionSecret ?? randomBytes(32).toString('base64url'));
  const hasSession = (request: Request) => hasGuideAccess(access, request, Date.now());
  const mcp = mcpHandler(root, settings, access.kind === 'open', hasSession, manifest.securityHeaders);
  const gate = createGate({ manifest, access, next, mcp });
  const meta = runtimeAuthMetaTag(browserAuthConfig(settings));

  const serve = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    try {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : settings.port;
      const request = toRequest(req, requestOrigin(req, settings, port));
      const response = await gate(request);
      const headers = new Headers(response.headers);
      const type = headers.get('Content-Type') ?? '';
      let raw = Buffer.from(await response.arrayBuffer());
      if (/^text\/html\b/i.test(type) && raw.length > 0) raw = Buffer.from(withAuthMeta(raw.toString('utf8'), meta));
      const { body, encoding } = encode(
        raw,
        type,
        String(req.headers['accept-encoding'] ?? ''),
        fromHost.has(response),
      );
      headers.set('Content-Length', String(body.length));
      headers.delete('Content-Encoding');
      const vary = headers.get('Vary');
      headers.set(
        'Vary',
        vary && !/accept-encoding/i.test(vary) ? `${vary}, Accept-Encoding` : vary || 'Accept-Encoding',
      );
      if (encoding) headers.set('Content-Encoding', encoding);
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
