// Netlify Function (Functions 2.0): the MCP server (server/mcp) at /mcp and its OAuth metadata.
// Declared by netlify.toml ([functions] directory = "server/netlify/functions"); this folder holds this one
// file, since Netlify deploys every file in it as a function. Netlify bundles it with esbuild after
// the build, so the build's manifest (the provider to enforce, the security headers) and the MCP
// data files are imported from the publish folder (server/mcp/bundledData.ts). It reads no run-time
// variable: the provider and the audience are the build's.
import manifestJson from '../../../build/.gate/manifest.json' with { type: 'json' };
import { createMcpFunction } from '../../mcp/netlifyFunction.ts';
import { mcpDataFiles } from '../../mcp/bundledData.ts';

let handler: ((request: Request) => Promise<Response>) | null = null;

export default function mcp(request: Request): Promise<Response> {
  handler ??= createMcpFunction(manifestJson, mcpDataFiles());
  return handler(request);
}

// Read by Netlify without running the file: a literal, held to MCP_FUNCTION_PATHS by
// tests/unit/mcp-function.test.ts.
export const config = {
  path: [
    '/mcp',
    '/mcp/',
    '/.well-known/oauth-protected-resource',
    '/.well-known/oauth-protected-resource/',
    '/.well-known/oauth-protected-resource/mcp',
    '/.well-known/oauth-protected-resource/mcp/',
  ],
};
