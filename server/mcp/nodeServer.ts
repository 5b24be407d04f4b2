// The MCP server (server/mcp) over a folder of built files, for the Node servers: serve:prod and
// the e2e servers (server/node/siteServer.ts) read a build's /.gate/mcp, `npm start` reads the
// folder the build plugin fills in dev (plugins/mcp-data). The edge function imports the same
// files instead (server/netlify/edge-functions/guides-gate.ts).
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { accessTokenVerifier, createMcpHandler, type McpHandler } from './';
import { MCP_DATA_DIR, MCP_FILES, parseMcpAuth } from './data';
import type { GateManifest } from '../guide-gate/manifest';

export interface McpServerSettings {
  /** The folder holding the data files (a build's `.gate/mcp`, or the dev folder). */
  dataDir: string;
  identity: GateManifest['identity'];
  /** The gate is open (no provider enforced): every caller reads the guides. */
  open: boolean;
  hasSession: (request: Request) => Promise<boolean>;
  headers?: Record<string, string>;
}

/** The handler, or null when the folder holds no MCP data (a build made before the server existed). */
export function mcpServerFor(settings: McpServerSettings): McpHandler | null {
  const authFile = join(settings.dataDir, MCP_FILES.auth.slice(MCP_DATA_DIR.length));
  if (!existsSync(authFile)) return null;
  const { audience } = parseMcpAuth(JSON.parse(readFileSync(authFile, 'utf8')));
  return createMcpHandler({
    readFile: (path) => readFile(join(settings.dataDir, path.slice(MCP_DATA_DIR.length)), 'utf8').catch(() => null),
    verifier: settings.identity ? accessTokenVerifier(settings.identity.domain, audience) : null,
    open: settings.open,
    hasSession: settings.hasSession,
    headers: settings.headers,
  });
}
