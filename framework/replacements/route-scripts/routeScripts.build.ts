// Lists a page's own chunks in its template, not only the entry scripts: after the client build,
// react-loadable's client manifest (whose origins are chunk names only under webpack 5 and Rspack)
// gets an origin for each module path of core's registry, and a doc's content module its sidebar's
// chunk (maintainers/decisions/2026-11-27-bundle-after-first-paint.md).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { registryEntries, routeSidebars, shortChunkNames } from '../route-table/compactRouteRegistry.cjs';
import { sidebarChunkName } from '../sidebar-chunks/sidebarChunks.cjs';

/** react-loadable-ssr-addon's manifest, as core reads it (ssg/ssgTemplate.js, getBundles). */
export interface ClientManifest {
  entrypoints: string[];
  /** An origin (a chunk name, or with ours a module path) → the asset keys it needs. */
  origins: Record<string, string[]>;
  assets: Record<string, Record<string, { file: string }[]>>;
}

/**
 * The manifest with an origin for each module path of the registry: the origin of the module's
 * chunk, found under its short name (the `route-table` replacement's) or under core's own. A
 * module the main bundle already holds (the site config) has no chunk, so no origin; a manifest
 * that knows none of the registry's chunks is a bundler that changed shape: it throws.
 */
export function withModuleOrigins(
  manifest: ClientManifest,
  registrySource: string,
  docSidebars: ReadonlyMap<string, string> = new Map(),
): ClientManifest {
  const short = shortChunkNames(registrySource);
  const origins = { ...manifest.origins };
  const entries = registryEntries(registrySource);
  const add = (modulePath: string, keys: readonly string[]) =>
    (origins[modulePath] = [...new Set([...(origins[modulePath] ?? []), ...keys])]);
  let found = 0;
  for (const { chunkName, modulePath } of entries) {
    const keys = manifest.origins[short.get(chunkName) ?? ''] ?? manifest.origins[chunkName];
    if (!keys) continue;
    found++;
    add(modulePath, keys);
    const sidebar = docSidebars.get(chunkName);
    // Without sidebar chunks (several docs versions) the sidebars are in the version's metadata.
    const sidebarKeys = sidebar === undefined ? undefined : manifest.origins[sidebarChunkName(sidebar)];
    if (sidebarKeys) add(modulePath, sidebarKeys);
  }
  if (entries.length > 0 && found === 0) {
    throw new Error(
      "client manifest: none of the registry's chunks is named in it; the bundler's manifest changed shape",
    );
  }
  return { ...manifest, origins };
}

/**
 * The chunk name of each doc's content module → the name of the doc's sidebar, from core's
 * generated routes.js (a doc route carries `sidebar`) and routesChunkNames.json (its `content`).
 */
export function docSidebarsOf(routesSource: string, routesChunkNamesJson: string): Map<string, string> {
  const chunkNames = JSON.parse(routesChunkNamesJson) as Record<string, { content?: unknown }>;
  const sidebars = new Map<string, string>();
  for (const [key, sidebar] of routeSidebars(routesSource)) {
    const content = chunkNames[key]?.content;
    if (typeof content === 'string') sidebars.set(content, sidebar);
  }
  return sidebars;
}

/** A bundler plugin for the client build: rewrites the manifest once the build is done. */
export class RouteScriptsPlugin {
  /** `generatedFilesDir`: where core writes the manifest and the generated route files. */
  constructor(private readonly generatedFilesDir: string) {}

  apply(compiler: { hooks: { done: { tap(name: string, fn: () => void): void } } }): void {
    compiler.hooks.done.tap('veriq-route-scripts', () => {
      const read = (file: string) => readFileSync(join(this.generatedFilesDir, file), 'utf8');
      const manifest = JSON.parse(read('client-manifest.json')) as ClientManifest;
      const sidebars = docSidebarsOf(read('routes.js'), read('routesChunkNames.json'));
      writeFileSync(
        join(this.generatedFilesDir, 'client-manifest.json'),
        JSON.stringify(withModuleOrigins(manifest, read('registry.js'), sidebars)),
      );
    });
  }
}
