// The gate: one web-standard request handler, the same on the Netlify edge (gate/edge) and in
// the Node server of serve:prod and the e2e suite (scripts/static-server.ts). It uses no Node
// built-ins, so it runs on Deno as deployed. Without a valid session (gate/session.ts):
//   /guides pages        -> the page shell (gate/shell.ts), 200, so the layout and modal render;
//   other /guides files  -> 401 (Markdown twins, feeds);
//   guide assets         -> 401 (/assets/guides/*, the article chunks listed by the build);
// and /.gate/* and `_headers` are never served. Every response the gate makes or alters carries
// the build's security headers itself, plus `private, no-store` and `noindex` when gated.
import { classifyPath, normalisePath, pagePath } from './paths.ts';
import { hasSession, handleSession, SESSION_PATH } from './session.ts';
import { toShell } from './shell.ts';
import type { GateManifest } from './manifest.ts';
import type { Verifier } from './token.ts';
import type { McpHandler } from './mcp/index.ts';

export const SEARCH_KEY_PATH = '/_auth/search-key';

export interface GateOptions {
  manifest: GateManifest;
  /** null: the gate stays open (previews, SKIP_AUTH=true, no identity provider configured). */
  verifier: Verifier | null;
  /** Answers /_auth/search-key for a reader with a session (absent: no Typesense, 404). */
  searchKey?: (nowMs: number) => Promise<Response>;
  /** Serves the request from the build (the host's static files). */
  next: (request: Request) => Promise<Response>;
  now?: () => number;
  /** The MCP server (gate/mcp): its routes and Markdown by content negotiation; absent: none. */
  mcp?: McpHandler;
}

export type Gate = (request: Request) => Promise<Response>;

export function createGate(options: GateOptions): Gate {
  const chunks = new Set(options.manifest.guideChunks.map((c) => c.toLowerCase()));
  const now = options.now ?? Date.now;
  const gatedHeaders = {
    ...options.manifest.securityHeaders,
    'Cache-Control': 'private, no-store',
    'X-Robots-Tag': 'noindex',
  };
  const { verifier, next } = options;

  const text = (status: number, body: string) =>
    new Response(body, { status, headers: { ...gatedHeaders, 'Content-Type': 'text/plain; charset=utf-8' } });

  /** The upstream response with the gated headers on top (no caching anywhere, never indexed). */
  const privately = (upstream: Response, body: BodyInit | null = upstream.body) => {
    const headers = new Headers(upstream.headers);
    for (const [k, v] of Object.entries(gatedHeaders)) headers.set(k, v);
    if (body !== upstream.body) {
      headers.delete('Content-Length');
      headers.delete('Content-Encoding');
      headers.delete('ETag');
      headers.delete('Last-Modified');
    }
    return new Response(body, { status: upstream.status, headers });
  };

  return async function gate(request: Request): Promise<Response> {
    // MCP (gate/mcp) first: /mcp, its OAuth metadata, and pages asked for as text/markdown. It
    // enforces the same rights itself; null means the request is not one of its own.
    if (options.mcp) {
      const answered = await options.mcp(request);
      if (answered) return answered;
    }
    const url = new URL(request.url);
    const route = pagePath(normalisePath(url.pathname) ?? '');
    if (route === SESSION_PATH) return handleSession(request, verifier, now(), gatedHeaders);
    if (route === SEARCH_KEY_PATH) {
      if (!options.searchKey) return text(404, 'Search keys are issued only with Typesense configured.');
      if (verifier && !(await hasSession(request, verifier, now()))) return text(401, 'Sign in to search the guides.');
      return privately(await options.searchKey(now()));
    }

    const kind = classifyPath(url.pathname, chunks).kind;
    if (kind === 'hidden') return text(404, 'Not found');
    if (kind === 'public') return next(request);

    const allowed = verifier === null || (await hasSession(request, verifier, now()));
    if (allowed) return privately(await next(request));
    if (kind !== 'guide-page') return text(401, 'Sign in to read the guides.');

    const upstream = await next(request);
    const type = upstream.headers.get('Content-Type') ?? '';
    // Unknown /guides paths keep the site's not-found page (it holds no guide text).
    if (upstream.status === 404) return privately(upstream);
    if (upstream.status !== 200 || !/^text\/html\b/i.test(type)) return text(401, 'Sign in to read the guides.');
    const shell = toShell(await upstream.text());
    // A page without the article marker cannot be trimmed safely: refuse it rather than leak it.
    if (shell === null) return text(401, 'Sign in to read the guides.');
    return privately(upstream, request.method === 'HEAD' ? null : shell);
  };
}
