// Netlify Function (Functions 2.0): the MCP server (server/mcp) at /mcp and its OAuth metadata.
// This folder holds only this file: Netlify deploys every file in it as a function. Bundled after
// the build, it imports the build's manifest and MCP data and reads no run-time variable.
// Why: maintainers/decisions/2026-11-27-mcp-function.md
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
