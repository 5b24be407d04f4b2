// The MCP server's data (plugins/mcp-data) for the edge function, which cannot read the publish
// folder at run time: each file is a JSON module of the bundle, imported on first use (literal
// specifiers, so Netlify's bundler includes them), so an isolate parses only what its callers
// need: a signed-out search never parses the guides' index or texts.
import authJson from '../build/.gate/mcp/auth.json' with { type: 'json' };
import { MCP_FILES, parseMcpAuth, type McpAuth, type ReadBuiltFile } from './mcp/data.ts';

const json = { with: { type: 'json' } } as const;
type Module = Promise<{ default: object }>;

const imports: Record<string, () => Module> = {
  [MCP_FILES.site]: () => import('../build/.gate/mcp/site.json', json),
  [MCP_FILES.publicIndex]: () => import('../build/.gate/mcp/public-index.json', json),
  [MCP_FILES.guidesIndex]: () => import('../build/.gate/mcp/guides-index.json', json),
  [MCP_FILES.publicTexts]: () => import('../build/.gate/mcp/public-texts.json', json),
  [MCP_FILES.guideTexts]: () => import('../build/.gate/mcp/guide-texts.json', json),
  [MCP_FILES.publicTwins]: () => import('../build/.gate/mcp/public-twins.json', json),
  [MCP_FILES.guideTwins]: () => import('../build/.gate/mcp/guide-twins.json', json),
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
