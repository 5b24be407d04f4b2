// The MCP server's data (plugins/mcp-data) for Netlify's runtimes, which cannot read the publish
// folder at run time: each file is a JSON module of the bundle (literal specifiers, so both of
// Netlify's bundlers include it), imported on first use, so a signed-out search never parses the
// guides' index or texts. Why: maintainers/decisions/2026-11-27-mcp-function.md
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
