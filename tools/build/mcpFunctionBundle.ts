// Bundles the MCP function (server/netlify/functions/mcp.ts) as Netlify does, with esbuild for Node (one ESM
// file, the build's JSON files inlined as lazily evaluated modules), against any build folder
// instead of build/, so the tests and the bench run what Netlify would deploy.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { NODE_ESM_BUNDLE } from './nodeEsmBundle';

export const MCP_FUNCTION_ENTRY = 'server/netlify/functions/mcp.ts';

export interface BundleOptions {
  /** The build folder the function's imports of build/ read instead (e.g. build-e2e/main). */
  buildDir: string;
  /** A manifest to use instead of the build's (a stand-in identity provider). */
  manifestPath?: string;
  /** Where the bundle goes; default a fresh temporary folder. */
  outDir?: string;
}

/** Redirects the entry's imports under build/ to `buildDir` (and the manifest to `manifestPath`). */
function buildFolder(root: string, options: BundleOptions): Plugin {
  const built = join(root, 'build');
  return {
    name: 'veriq-build-folder',
    setup(bundler) {
      bundler.onResolve({ filter: /\/build\/\.gate\// }, (args) => {
        const inBuild = relative(built, resolve(args.resolveDir, args.path));
        if (inBuild.startsWith('..')) return undefined;
        if (options.manifestPath && inBuild === join('.gate', 'manifest.json'))
          return { path: resolve(options.manifestPath) };
        return { path: resolve(options.buildDir, inBuild) };
      });
    },
  };
}

/** The bundle's path, ready for `import()`. */
export async function bundleMcpFunction(options: BundleOptions): Promise<string> {
  const root = process.cwd();
  const outfile = join(options.outDir ?? mkdtempSync(join(tmpdir(), 'veriq-mcp-function-')), 'mcp.mjs');
  await build({
    entryPoints: [join(root, MCP_FUNCTION_ENTRY)],
    outfile,
    ...NODE_ESM_BUNDLE,
    plugins: [buildFolder(root, options)],
  });
  return outfile;
}

export const importUrl = (file: string): string => pathToFileURL(file).href;
