// The gate: one web-standard request handler (no Node built-ins, so it runs on Deno as deployed),
// the same on the Netlify edge and in the Node server (server/node/siteServer.ts). Without a
// session: guide pages get their shell (server/guide-gate/shell.ts), other guide files and guide
// assets 401, ambiguous spellings 400. The host only ever gets the judged path, re-encoded.
// Why, and every path class: maintainers/decisions/2026-11-27-gate-path-decoding.md
import { classifyPath, contentTypeOf, encodePath, normalisePath, pagePath } from './paths.ts';
import {
  handleLogin,
  handleSession,
  LOGIN_PATH,
  readSession,
  renewedCookie,
  SESSION_PATH,
  type Access,
} from './session.ts';
import { toShell } from './shell.ts';
import type { GateManifest } from './manifest.ts';
import type { McpHandler } from '../mcp/index.ts';

export const SEARCH_KEY_PATH = '/_auth/search-key';
const SIGN_IN = 'Sign in to read the guides.';

export interface GateOptions {
  manifest: GateManifest;
  access: Access;
  /**
   * Answers /_auth/search-key for a reader with a session (absent: no Typesense, 404); the key
   * must not outlive `notAfter` (Unix seconds), the session's end.
   */
  searchKey?: (nowMs: number, notAfter: number | null) => Promise<Response>;
  /**
   * Serves a request from the build (the host's static files). `request` names the path the gate
   * judged, re-encoded; `original` is the request the gate was given (hosts key their context by it).
   */
  next: (request: Request, original: Request) => Promise<Response>;
  now?: () => number;
  /** The MCP server (server/mcp): its routes and Markdown by content negotiation; absent: none. */
  mcp?: McpHandler;
  /**
   * A guide page's shell from the host's answer (200, text/html), or null without an article
   * marker; default: toShell of its text. The Node server cuts each file once (server/node/siteServer.ts).
   */
  shell?: (upstream: Response) => Promise<BodyInit | null>;
}

export type Gate = (request: Request) => Promise<Response>;

/** The body a refusal carries, in the type the refused file would have had. */
function refusalBody(type: string, message: string): string {
  if (type.startsWith('application/json')) return JSON.stringify({ error: message });
  if (type.startsWith('text/javascript')) return `/* ${message} */\n`;
  if (type.startsWith('text/html')) return `<!doctype html><title>${message}</title><p>${message}</p>\n`;
  return message + '\n';
}

export function createGate(options: GateOptions): Gate {
  const chunks = new Set(options.manifest.guideChunks.map((c) => c.toLowerCase()));
  const now = options.now ?? Date.now;
  const { access, next } = options;
  const security = options.manifest.securityHeaders;
  const gatedHeaders = {
    ...security,
    'Cache-Control': 'private, no-store',
    'X-Robots-Tag': 'noindex',
    Vary: 'Cookie',
  };

  const respond = (request: Request, status: number, type: string, message: string, extra: HeadersInit = {}) => {
    const headers = new Headers({ ...gatedHeaders, 'Content-Type': type });
    new Headers(extra).forEach((v, k) => headers.set(k, v));
    return new Response(request.method === 'HEAD' ? null : refusalBody(type, message), { status, headers });
  };

  /** The upstream response with the gated headers on top (no caching anywhere, never indexed). */
  const privately = (upstream: Response, body: BodyInit | null, cookie: string | null) => {
    const headers = new Headers(upstream.headers);
    for (const [k, v] of Object.entries(gatedHeaders)) headers.set(k, v);
    if (cookie) headers.append('Set-Cookie', cookie);
    if (body !== upstream.body) {
      headers.delete('Content-Length');
      headers.delete('Content-Encoding');
      headers.delete('ETag');
      headers.delete('Last-Modified');
    }
    return new Response(body, { status: upstream.status, headers });
  };

  /** The same request for the path the gate judged, spelled so the host decodes it back to it. */
  const judged = (request: Request, url: URL, normalised: string, method = request.method) => {
    const target = new URL(url);
    target.pathname = encodePath(normalised);
    return target.href === request.url && method === request.method
      ? request
      : new Request(target.href, { method, headers: request.headers });
  };

  const decide = async (request: Request): Promise<Response> => {
    // MCP (server/mcp) first: /mcp, its OAuth metadata, and pages asked for as text/markdown. It
    // enforces the same rights itself; null means the request is not one of its own.
    if (options.mcp) {
      const answered = await options.mcp(request);
      if (answered) return answered;
    }
    const url = new URL(request.url);
    const normalised = normalisePath(url.pathname);
    const route = normalised === null ? null : pagePath(normalised);
    const nowMs = now();
    if (route === LOGIN_PATH) return handleLogin(request, access, gatedHeaders);
    if (route === SESSION_PATH) return handleSession(request, access, nowMs, gatedHeaders);

    // Read only where the answer depends on it: public files never pay for a session check.
    const sessionState = async () => {
      const session = access.kind === 'enforced' ? await readSession(request, access.sessions, nowMs) : null;
      const allowed = access.kind === 'open' || session !== null;
      const renewal =
        access.kind === 'enforced' && session ? await renewedCookie(request, access.sessions, session, nowMs) : null;
      return { session, allowed, renewal };
    };

    if (route === SEARCH_KEY_PATH) {
      const type = 'application/json; charset=utf-8';
      if (!options.searchKey)
        return respond(request, 404, type, 'Search keys are issued only with Typesense configured.');
      const { session, allowed, renewal } = await sessionState();
      if (!allowed) return respond(request, 401, type, 'Sign in to search the guides.');
      const issued = await options.searchKey(nowMs, session?.exp ?? null);
      return privately(issued, issued.body, renewal);
    }

    const kind = classifyPath(url.pathname, chunks).kind;
    if (kind === 'refused' || normalised === null) {
      return respond(
        request,
        400,
        'text/plain; charset=utf-8',
        'Bad request: this path is encoded more than once or holds a character no file of this site has (? # ; or a control character).',
        security,
      );
    }
    if (kind === 'hidden') return respond(request, 404, 'text/plain; charset=utf-8', 'Not found');
    if (kind === 'public') return next(judged(request, url, normalised), request);

    const { allowed, renewal } = await sessionState();

    if (allowed) {
      const upstream = await next(judged(request, url, normalised), request);
      return privately(upstream, upstream.body, renewal);
    }
    const type = contentTypeOf(normalised);
    if (kind !== 'guide-page') return respond(request, 401, type, SIGN_IN);

    // HEAD answers what GET would: the shell is cut from the page's HTML, which HEAD lacks.
    const upstream = await next(judged(request, url, normalised, 'GET'), request);
    const upstreamType = upstream.headers.get('Content-Type') ?? '';
    // Unknown /guides paths keep the site's not-found page (it holds no guide text).
    if (upstream.status === 404) {
      return privately(upstream, request.method === 'HEAD' ? null : upstream.body, null);
    }
    if (upstream.status !== 200 || !/^text\/html\b/i.test(upstreamType)) {
      await upstream.body?.cancel();
      return respond(request, 401, type, SIGN_IN);
    }
    const shell = options.shell ? await options.shell(upstream) : toShell(await upstream.text());
    // A page without the article marker cannot be trimmed safely: refuse it rather than leak it.
    if (shell === null) return respond(request, 401, type, SIGN_IN);
    return privately(upstream, request.method === 'HEAD' ? null : shell, null);
  };

  // With the MCP server, a page's URL also answers Markdown to `Accept: text/markdown`: caches
  // must keep the two apart.
  return async function gate(request: Request): Promise<Response> {
    const response = await decide(request);
    if (!options.mcp || /\.[a-z0-9]+$/i.test(new URL(request.url).pathname)) return response;
    const vary = response.headers.get('Vary');
    if (vary && /\baccept\b/i.test(vary)) return response;
    const value = vary ? `${vary}, Accept` : 'Accept';
    try {
      response.headers.set('Vary', value);
      return response;
    } catch {
      // A host's own response may have immutable headers.
      const headers = new Headers(response.headers);
      headers.set('Vary', value);
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    }
  };
}
