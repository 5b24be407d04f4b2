// The gate as a Netlify edge handler, apart from the edge entry (gate/edge/guides-gate.ts) so the
// Deno tests run it with a real build's manifest and a stand-in for Netlify's file serving.
import { accessFor, hasGuideAccess } from './access.ts';
import { createGate } from './gate.ts';
import { parseManifest } from './manifest.ts';
import { searchKeyRoute } from './searchKeyRoute.ts';
import { accessTokenVerifier, createMcpHandler } from './mcp/index.ts';
import type { McpAuth, ReadBuiltFile } from './mcp/data.ts';

export interface EdgeContext {
  /** Netlify serves the request it is handed (the gate hands it the path it judged). */
  next: (request?: Request) => Promise<Response>;
}

export function createEdgeGate(
  manifestJson: unknown,
  env: (name: string) => string | undefined,
  /** The MCP server's data (gate/mcpEdgeData.ts on Netlify); absent: no /mcp. */
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
            headers: manifest.securityHeaders,
          }),
        }
      : {}),
  });
  return (request, context) => {
    contexts.set(request, context);
    return gate(request);
  };
}
