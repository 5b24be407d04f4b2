// The gate as a Netlify edge handler, apart from the edge entry (server/netlify/edge-functions/guides-gate.ts) so the
// Deno tests run it with a real build's manifest and a stand-in for Netlify's file serving.
import { accessFor, hasGuideAccess } from './access.ts';
import { createGate } from './gate.ts';
import { parseManifest } from './manifest.ts';
import { searchKeyRoute } from '../search-key/searchKeyRoute.ts';
import { accessTokenVerifier, createMcpHandler } from '../mcp/index.ts';
import type { McpAuth, ReadBuiltFile } from '../mcp/data.ts';
import { servedByMcpFunction } from '../mcp/netlifyFunction.ts';
import { twinPath } from '../../shared/routing/twin.ts';

export interface EdgeContext {
  /** Netlify serves the request it is handed (the gate hands it the path it judged). */
  next: (request?: Request) => Promise<Response>;
}

export function createEdgeGate(
  manifestJson: unknown,
  env: (name: string) => string | undefined,
  /**
   * The MCP server's data (server/mcp/bundledData.ts on Netlify), for Markdown by content negotiation
   * (its page list; the twins come from the host) and the server card; absent: neither. /mcp
   * itself is the MCP function's (server/mcp/netlifyFunction.ts).
   */
  mcpData?: { auth: McpAuth; read: ReadBuiltFile },
): (request: Request, context: EdgeContext) => Promise<Response> {
  const manifest = parseManifest(manifestJson);
  const access = accessFor(manifest, env('SESSION_SECRET'));
  if (access.kind === 'closed' && manifest.identity) console.error(`guides gate: ${access.reason}`);
  // Each request's own context.next, looked up by the request the gate was given (requests of
  // one isolate run concurrently, so it cannot be a shared variable).
  const contexts = new WeakMap<Request, EdgeContext>();
  const gate = createGate({
    manifest,
    access,
    searchKey: searchKeyRoute(env),
    next: (request, original) => {
      const context = contexts.get(original);
      return context ? context.next(request) : Promise.resolve(new Response('Not found', { status: 404 }));
    },
    ...(mcpData
      ? {
          mcp: createMcpHandler({
            readFile: mcpData.read,
            verifier: manifest.identity ? accessTokenVerifier(manifest.identity.domain, mcpData.auth.audience) : null,
            open: access.kind === 'open',
            hasSession: (request) => hasGuideAccess(access, request, Date.now()),
            // The twin as the host serves it (the same text as the data's), once the handler has
            // checked the reader's rights: only site.json is parsed at the edge, about 2 ms.
            readTwin: async (request, permalink) => {
              const context = contexts.get(request);
              if (!context) return null;
              const twin = await context.next(
                new Request(new URL(twinPath(permalink), request.url), { method: 'GET' }),
              );
              return twin.ok ? twin.text() : null;
            },
            headers: manifest.securityHeaders,
          }),
        }
      : {}),
  });
  return (request, context) => {
    // The MCP function's paths go on as they came (method, headers, body): the gate's own
    // hand-over re-spells the request without its body, and the function enforces rights itself.
    // netlify.toml keeps the edge function off these paths too; this holds if that list drifts.
    if (servedByMcpFunction(new URL(request.url).pathname)) return context.next();
    contexts.set(request, context);
    return gate(request);
  };
}
