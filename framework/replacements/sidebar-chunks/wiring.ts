import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { VERSION_METADATA_FILE } from '../../docsVersions';
import { defineReplacement, type WiringContext } from '../replacement';
import { sidebarChunksModule, sidebarNames } from './sidebarChunks.cjs';

/** What ../preload/routePreload.ts imports: each sidebar's chunk, or none (./no-sidebar-chunks.js). */
export const SIDEBAR_CHUNKS_MODULE = '@veriq/sidebar-chunks';
/** The object of main.js that the metadata's sidebars are, filled by each sidebar's chunk. */
export const SIDEBAR_STORE = require.resolve('./sidebarStore.ts');
const NO_SIDEBAR_CHUNKS = require.resolve('./no-sidebar-chunks.js');

/**
 * Writes the sidebar chunks module for the docs version metadata in `generatedFilesDir` and
 * returns its path, or null when there is not exactly one version with sidebars (with several
 * versions a route names its sidebar, not its version, so the sidebars stay in the metadata).
 */
function writeSidebarChunks(generatedFilesDir: string): string | null {
  const docsDir = path.join(generatedFilesDir, 'docusaurus-plugin-content-docs');
  const candidates = existsSync(docsDir)
    ? readdirSync(docsDir).flatMap((instance) => {
        const dir = path.join(docsDir, instance, 'p');
        return existsSync(dir) ? readdirSync(dir).map((file) => path.join(dir, file)) : [];
      })
    : [];
  const versions = candidates
    .filter((file) => VERSION_METADATA_FILE.test(file))
    .map((file) => ({ file, names: sidebarNames(readFileSync(file, 'utf8')) }))
    .filter((version): version is { file: string; names: string[] } => version.names !== null);
  if (versions.length !== 1) return null;
  const { file, names } = versions[0];
  const out = path.join(generatedFilesDir, 'veriq-framework', 'sidebar-chunks.js');
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, sidebarChunksModule(file, names));
  return out;
}

const written = new WeakMap<WiringContext, string | null>();

/**
 * This build's sidebar chunks module, written on the first call: null outside the production
 * browser build, or when the sidebars stay in the version metadata. The metadata's loader
 * (../version-docs) splits the sidebars out when it is not null.
 */
export function sidebarChunksOf(context: WiringContext): string | null {
  if (!context.productionBrowser || !context.active('sidebar-chunks')) return null;
  if (!written.has(context)) written.set(context, writeSidebarChunks(context.generatedFilesDir));
  return written.get(context)!;
}

export default defineReplacement({
  name: 'sidebar-chunks',
  upstream: {
    package: '@docusaurus/plugin-content-docs',
    file: "the version metadata's docsSidebars (p/<version>.json)",
    version: '3.10.2',
  },
  needs: ['preload'],
  webpack: (context) => ({ alias: { [`${SIDEBAR_CHUNKS_MODULE}$`]: sidebarChunksOf(context) ?? NO_SIDEBAR_CHUNKS } }),
  whenUpstream: () => ({ alias: { [`${SIDEBAR_CHUNKS_MODULE}$`]: NO_SIDEBAR_CHUNKS } }),
});
