// Netlify Edge Function: the guides gate (server/guide-gate/gate.ts) in front of every path but
// the MCP Function's (netlify.toml). This folder holds only this file: Netlify loads every file in
// it as a function. Netlify bundles it after the build, so the build's manifest and MCP data are
// imported; only SESSION_SECRET and TYPESENSE_* are read at run time (Netlify.env).
// Why: maintainers/decisions/2026-11-27-gate-sessions.md
import manifestJson from '../../../build/.gate/manifest.json' with { type: 'json' };
import { createEdgeGate, type EdgeContext } from '../../guide-gate/edgeGate.ts';
import { mcpDataFiles } from '../../mcp/bundledData.ts';

declare const Netlify: { env: { get(name: string): string | undefined } };

let handler: ((request: Request, context: EdgeContext) => Promise<Response>) | null = null;

export default function guidesGate(request: Request, context: EdgeContext): Promise<Response> {
  handler ??= createEdgeGate(manifestJson, (name) => Netlify.env.get(name), mcpDataFiles());
  return handler(request, context);
}
