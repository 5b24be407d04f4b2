// The MCP server of the docs site, web-standard (Request -> Response, no Node built-ins), so the
// same code runs on Netlify, in serve:prod and the e2e servers, and in `npm start`.
// `createMcpHandler(options)` answers /mcp, its OAuth metadata, /.well-known/mcp.json and Markdown
// by content negotiation, and null for every other request, which the caller serves as before.
// What each answers, and why: maintainers/decisions/2026-11-27-mcp-function.md
import { createMcpHandler as createSdkHandler } from '@modelcontextprotocol/server';
import { normalisePath, pagePath } from '../guide-gate/paths.ts';
import { authenticate, resourceMetadataUrl, type AccessTokenVerifier } from './auth.ts';
import type { ReadBuiltFile } from './data.ts';
import { logLine, type McpCallLog } from './log.ts';
import { MCP_PATH, mcpRoute } from './routes.ts';
import { siteReader } from './reader.ts';
import { buildServer } from './tools.ts';
import { prefersMarkdown } from './negotiation.ts';

export { MCP_PATH } from './routes.ts';
export { accessTokenVerifier, type AccessTokenVerifier } from './auth.ts';
export type { ReadBuiltFile } from './data.ts';

export interface McpHandlerOptions {
  /** Reads a file of the build by its site path (the data plugins/mcp-data writes under /.gate/mcp). */
  readFile: ReadBuiltFile;
  /** Verifies bearer access tokens; null when the site has no identity provider. */
  verifier: AccessTokenVerifier | null;
  /** The gate is open (previews, SKIP_AUTH): every caller reads the guides, as on the site. */
  open: boolean;
  /** Whether the request carries the site's session (for Markdown of a guide page). */
  hasSession: (request: Request) => Promise<boolean>;
  /**
   * Reads a page's Markdown twin for content negotiation, after the rights check; default: the
   * data files. The edge gate reads the host's static twin instead: parsing the twins' data would
   * cost its first such request more CPU than the edge allows.
   */
  readTwin?: (request: Request, permalink: string) => Promise<string | null>;
  /** Headers every response the server makes carries (the build's security headers). */
  headers?: Record<string, string>;
  /** Where the per-call JSON line goes (default: stdout, which Netlify's log drains ship). */
  log?: (line: string) => void;
  now?: () => number;
}

export type McpHandler = (request: Request) => Promise<Response | null>;

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, DELETE, OPTIONS',
  'Access-Control-Allow-Headers':
    'Authorization, Content-Type, Accept, Mcp-Session-Id, MCP-Protocol-Version, Last-Event-ID',
  'Access-Control-Expose-Headers': 'WWW-Authenticate, Mcp-Session-Id, MCP-Protocol-Version',
};

const monotonic = () => (typeof performance !== 'undefined' ? performance.now() : Date.now());

export function createMcpHandler(options: McpHandlerOptions): McpHandler {
  const reader = siteReader(options.readFile);
  const now = options.now ?? Date.now;
  const log = options.log ?? ((line: string) => console.log(line));
  const base = { ...(options.headers ?? {}) };
  // The one resource this server is, on every host it answers (the canonical MCP_AUDIENCE): the
  // metadata names it, challenges point at its metadata, and tokens must carry it. A build that
  // opened the guides has nothing to sign in for, so it names none and reads no token.
  // Why: maintainers/decisions/2026-11-27-mcp-resource-per-host.md
  const verifier = options.open ? null : options.verifier;
  const resource = verifier?.audience ?? null;
  const signIn = resource ? resourceMetadataUrl(resource) : null;

  const sdk = createSdkHandler(
    (context) => {
      const request = context.requestInfo;
      const origin = request ? new URL(request.url).origin : '';
      return buildServer({
        reader,
        rights: options.open || context.authInfo !== undefined,
        origin,
        signIn,
        log: (entry: McpCallLog) => log(logLine(entry)),
        now: monotonic,
      });
    },
    { legacy: 'stateless', onerror: (error) => console.error('mcp:', error.message) },
  );

  const withHeaders = (response: Response, extra: Record<string, string>) => {
    const headers = new Headers(response.headers);
    for (const [k, v] of Object.entries({ ...base, ...extra })) headers.set(k, v);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
  const json = (status: number, body: unknown, extra: Record<string, string> = {}) =>
    withHeaders(
      new Response(JSON.stringify(body, null, 2), {
        status,
        headers: { 'Content-Type': 'application/json; charset=utf-8' },
      }),
      extra,
    );

  async function serveMcp(request: Request): Promise<Response> {
    // Open guides need no token, so a page of any origin could read them through a reader's
    // browser (an intranet or 127.0.0.1 bundle included): no CORS then. With sign-in, the rights
    // come from a bearer token, which no page holds for another site.
    const noStore = { ...(options.open ? {} : CORS), 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' };
    if (request.method === 'OPTIONS') return withHeaders(new Response(null, { status: 204 }), noStore);
    let authInfo = undefined;
    if (verifier) {
      const verified = await authenticate(request, verifier, now());
      if (verified instanceof Response) return withHeaders(verified, noStore);
      authInfo = verified ?? undefined;
    }
    try {
      return withHeaders(await sdk.fetch(request, authInfo ? { authInfo } : undefined), noStore);
    } catch (error) {
      console.error('mcp: request failed:', error);
      return json(
        500,
        { jsonrpc: '2.0', error: { code: -32603, message: 'The server could not answer; try again.' }, id: null },
        noStore,
      );
    }
  }

  function resourceMetadata(request: Request): Response {
    const cors = { ...CORS, 'Cache-Control': 'public, max-age=300' };
    if (request.method === 'OPTIONS') return withHeaders(new Response(null, { status: 204 }), cors);
    if (!verifier || !resource)
      return json(404, { error: 'This site has no sign-in: its MCP server needs no authorization.' }, cors);
    return json(
      200,
      {
        resource,
        authorization_servers: [verifier.issuer],
        bearer_methods_supported: ['header'],
        scopes_supported: ['openid'],
        resource_name: 'Veriq documentation',
        resource_documentation: `${new URL(resource).origin}/`,
      },
      cors,
    );
  }

  function card(request: Request): Response {
    const origin = new URL(request.url).origin;
    return json(
      200,
      {
        name: 'veriq-docs',
        title: 'Veriq documentation',
        description: 'Search and read the Veriq documentation; sign in to read the guides.',
        // Where signing in works, when the site has sign-in; else here.
        endpoint: resource ?? origin + MCP_PATH,
        transport: 'streamable-http',
        tools: ['search_docs', 'get_page', 'list_pages', 'get_release_notes'],
        ...(signIn ? { authorization: { protected_resource_metadata: signIn } } : {}),
      },
      { ...CORS, 'Cache-Control': 'public, max-age=300' },
    );
  }

  async function markdownTwin(request: Request): Promise<Response | null> {
    const normalised = normalisePath(new URL(request.url).pathname);
    if (normalised === null) return null;
    const route = pagePath(normalised);
    const site = await reader.site();
    const page = site.pages.find((p) => p.permalink.toLowerCase() === route);
    if (!page) return null;
    // A guide's answer depends on the session as well as on Accept.
    const vary = { Vary: page.guide ? 'Accept, Cookie' : 'Accept' };
    const allowed = !page.guide || options.open || (await options.hasSession(request));
    if (!allowed) {
      return withHeaders(
        new Response('Sign in to read the guides.', {
          status: 401,
          headers: { 'Content-Type': 'text/plain; charset=utf-8' },
        }),
        {
          ...vary,
          'Cache-Control': 'private, no-store',
          'X-Robots-Tag': 'noindex',
        },
      );
    }
    const twin = options.readTwin
      ? await options.readTwin(request, page.permalink)
      : await reader.twin(page.permalink, true);
    if (twin === null) return null;
    return withHeaders(
      new Response(request.method === 'HEAD' ? null : twin, {
        status: 200,
        headers: { 'Content-Type': 'text/markdown; charset=utf-8' },
      }),
      page.guide
        ? { ...vary, 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' }
        : { ...vary, 'Cache-Control': 'public, max-age=0, must-revalidate' },
    );
  }

  return async function mcp(request: Request): Promise<Response | null> {
    const route = mcpRoute(new URL(request.url).pathname);
    if (route === 'mcp') return serveMcp(request);
    if (route === 'resource-metadata') return resourceMetadata(request);
    if (route === 'card') return card(request);
    if ((request.method === 'GET' || request.method === 'HEAD') && prefersMarkdown(request.headers.get('Accept'))) {
      return markdownTwin(request).catch((error: unknown) => {
        console.error('mcp: Markdown negotiation failed:', error);
        return null;
      });
    }
    return null;
  };
}
