// The esbuild settings every one-file Node program of this repo is bundled with: the MCP
// Netlify Function (as Netlify bundles it) and the offline bundle's server.mjs and mcp.mjs.
import type { BuildOptions } from 'esbuild';

export const NODE_ESM_BUNDLE = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  logLevel: 'warning',
  // CommonJS dependencies inside an ESM bundle still call require() for Node built-ins.
  banner: {
    js: "import { createRequire as __veriqRequire } from 'node:module'; const require = __veriqRequire(import.meta.url);",
  },
} satisfies BuildOptions;
