// Netlify Edge Function: the guides gate (server/guide-gate/gate.ts) in front of every path of the site.
// Declared in netlify.toml ([build] edge_functions = "server/netlify/edge-functions", [[edge_functions]] on "/*"); this
// folder holds this one file, since Netlify loads every file in it as a function.
// Netlify bundles edge functions after the build, so the build's manifest (article chunks,
// security headers, the provider to enforce, written by plugins/guide-gate into the publish
// folder) is imported here. Run-time variables are read with Netlify.env (scope them to
// Functions): SESSION_SECRET, which signs sessions (without it guides stay closed), and the
// TYPESENSE_* search key; the provider is the build's, never a run-time variable. The MCP
// server's data files (server/mcp/bundledData.ts) are bundled the same way, for Markdown by content
// negotiation; /mcp itself is served by the Netlify Function server/netlify/functions/mcp.ts, since the first
// search of an isolate costs more CPU than an edge function may spend on a request.
import manifestJson from '../../../build/.gate/manifest.json' with { type: 'json' };
import { createEdgeGate, type EdgeContext } from '../../guide-gate/edgeGate.ts';
import { mcpDataFiles } from '../../mcp/bundledData.ts';

declare const Netlify: { env: { get(name: string): string | undefined } };

let handler: ((request: Request, context: EdgeContext) => Promise<Response>) | null = null;

export default function guidesGate(request: Request, context: EdgeContext): Promise<Response> {
  handler ??= createEdgeGate(manifestJson, (name) => Netlify.env.get(name), mcpDataFiles());
  return handler(request, context);
}
