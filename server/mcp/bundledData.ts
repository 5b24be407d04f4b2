// The MCP server's data (plugins/mcp-data) for Netlify's function runtimes, which cannot read the
// publish folder at run time: each file is a JSON module of the bundle, imported on first use
// (literal specifiers, so Netlify's bundlers, esbuild for the MCP function and Deno's for the edge
// gate, include them), so a runtime parses only what its callers need: a signed-out search never
// parses the guides' index or texts. The MCP function (server/netlify/functions/mcp.ts) reads every file;
// the edge gate reads only the site and the twins, for Markdown by content negotiation.
import authJson from '../../build/.gate/mcp/auth.json' with { type: 'json' };
import { MCP_FILES, parseMcpAuth, type McpAuth, type ReadBuiltFile } from './data.ts';

// Each import spells its attributes out: esbuild bundles a dynamic import only when its second
// argument is an object literal (a shared constant left the files out of the bundle).
type Module = Promise<{ default: object }>;

const imports: Record<string, () => Module> = {
  [MCP_FILES.site]: () => import('../../build/.gate/mcp/site.json', { with: { type: 'json' } }),
  [MCP_FILES.publicIndex]: () => import('../../build/.gate/mcp/public-index.json', { with: { type: 'json' } }),
  [MCP_FILES.guidesIndex]: () => import('../../build/.gate/mcp/guides-index.json', { with: { type: 'json' } }),
  [MCP_FILES.publicTexts]: () => import('../../build/.gate/mcp/public-texts.json', { with: { type: 'json' } }),
  [MCP_FILES.guideTexts]: () => import('../../build/.gate/mcp/guide-texts.json', { with: { type: 'json' } }),
  [MCP_FILES.publicTwins]: () => import('../../build/.gate/mcp/public-twins.json', { with: { type: 'json' } }),
  [MCP_FILES.guideTwins]: () => import('../../build/.gate/mcp/guide-twins.json', { with: { type: 'json' } }),
};

export function mcpDataFiles(): { auth: McpAuth; read: ReadBuiltFile } {
  return {
    auth: parseMcpAuth(authJson),
    read: async (path) => {
      const load = imports[path];
      return load ? (await load()).default : null;
    },
  };
}
