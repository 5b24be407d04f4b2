// The MCP server as a Netlify Function (server/netlify/functions/mcp.ts), apart from its entry so
// tests and the bench drive it with a build's manifest and data. A Function, not the edge: the
// first search of a fresh instance needs more CPU than the edge's 50 ms a request. It enforces the
// reader's rights from the bearer token. Why: maintainers/decisions/2026-11-27-mcp-function.md
import { parseManifest } from '../guide-gate/manifest.ts';
import { accessTokenVerifier, createMcpHandler } from './index.ts';
import type { McpAuth, ReadBuiltFile } from './data.ts';
import { mcpRoute } from './routes.ts';

/**
 * The paths the function is declared on (its entry's `config.path`, which Netlify reads without
 * running the file, so the entry spells them out and a test holds them to this list): /mcp and
 * its RFC 9728 metadata, each with and without a trailing slash, as `mcpRoute` accepts them.
 */
export const MCP_FUNCTION_PATHS = [
  '/mcp',
  '/mcp/',
  '/.well-known/oauth-protected-resource',
  '/.well-known/oauth-protected-resource/',
  '/.well-known/oauth-protected-resource/mcp',
  '/.well-known/oauth-protected-resource/mcp/',
] as const;

/** Whether a request path is the function's: the edge gate must pass it on without reading it. */
export function servedByMcpFunction(pathname: string): boolean {
  const route = mcpRoute(pathname);
  return route === 'mcp' || route === 'resource-metadata';
}

export interface McpFunctionOptions {
  log?: (line: string) => void;
}

export function createMcpFunction(
  manifestJson: unknown,
  data: { auth: McpAuth; read: ReadBuiltFile },
  options: McpFunctionOptions = {},
): (request: Request) => Promise<Response> {
  const manifest = parseManifest(manifestJson);
  const mcp = createMcpHandler({
    readFile: data.read,
    verifier: manifest.identity ? accessTokenVerifier(manifest.identity.domain, data.auth.audience) : null,
    // As the gate: only a build that opened the guides on purpose lets every caller read them.
    // The site's session cookie plays no part here (MCP clients send bearer tokens), so the
    // function needs no SESSION_SECRET.
    open: manifest.open,
    hasSession: () => Promise.resolve(false),
    headers: manifest.securityHeaders,
    ...(options.log ? { log: options.log } : {}),
  });
  const notFound = () =>
    new Response('Not found', {
      status: 404,
      headers: { ...manifest.securityHeaders, 'Content-Type': 'text/plain; charset=utf-8' },
    });
  return async (request) => {
    // Only its own routes: never Markdown by negotiation or anything else a path could ask for.
    if (!servedByMcpFunction(new URL(request.url).pathname)) return notFound();
    return (await mcp(request)) ?? notFound();
  };
}
