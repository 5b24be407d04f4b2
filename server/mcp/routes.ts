// The paths the MCP server answers on the site's own origin. Matched on the raw path: these are
// endpoints, not files, so no spelling other than the canonical one (and a trailing slash) is one.

export const MCP_PATH = '/mcp';
/** RFC 9728 metadata, at the root and path-aware (`/.well-known/oauth-protected-resource/mcp`). */
export const PROTECTED_RESOURCE_PATH = '/.well-known/oauth-protected-resource';
/** A small server card for agents that look for the endpoint from the site's URL alone. */
export const MCP_CARD_PATH = '/.well-known/mcp.json';

export type McpRoute = 'mcp' | 'resource-metadata' | 'card';

export function mcpRoute(pathname: string): McpRoute | null {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
  if (path === MCP_PATH) return 'mcp';
  if (path === PROTECTED_RESOURCE_PATH || path === PROTECTED_RESOURCE_PATH + MCP_PATH) return 'resource-metadata';
  if (path === MCP_CARD_PATH) return 'card';
  return null;
}
