// The offline bundle's two programs, each one ESM file with every dependency inlined (sirv, jose,
// the MCP SDK, zod…), so the bundle runs on a bare Node.js 22+ with no node_modules:
//   server.mjs  the web server (server/bundle/serverMain.ts)
//   mcp.mjs     the MCP server on stdio (server/bundle/mcpMain.ts)
import { join } from 'node:path';
import { build } from 'esbuild';
import { NODE_ESM_BUNDLE } from '../build/nodeEsmBundle';

export const BUNDLE_ENTRIES = {
  'server.mjs': 'server/bundle/serverMain.ts',
  'mcp.mjs': 'server/bundle/mcpMain.ts',
} as const;

/** Bundles both programs into `outDir`; returns their paths. */
export async function bundleEntries(outDir: string, repoRoot = process.cwd()): Promise<string[]> {
  const files: string[] = [];
  for (const [name, entry] of Object.entries(BUNDLE_ENTRIES)) {
    const outfile = join(outDir, name);
    await build({
      entryPoints: [join(repoRoot, entry)],
      outfile,
      ...NODE_ESM_BUNDLE,
      // Licence comments of the inlined packages stay, at the end of the file.
      legalComments: 'eof',
    });
    files.push(outfile);
  }
  return files;
}
