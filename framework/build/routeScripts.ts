// The page template lists a page's own chunks, not only the entry scripts.
//
// Core renders each page's script list from react-loadable's client manifest: the modules the
// page rendered (react-loadable reports each route module's path, `@site/docs/install.md`) are
// looked up among the manifest's "origins". Under webpack 5 and Rspack the manifest plugin
// (react-loadable-ssr-addon-v5-slorber) keys origins by chunk name only, so no module path is
// ever found and every page lists runtime~main and main alone. The browser then learns the
// route's chunks only once main.js has run, and fetches them one round trip later: on
// Lighthouse's phone profile (562.5 ms a round trip) that was 1.3 s between main.js and hydration.
//
// This adds, after the client build has written the manifest, an origin per module path of core's
// registry pointing at its chunk's files, so the template receives the route's chunks with the
// entry scripts and the page starts all their downloads at once (framework/ssrTemplate.ts). A
// doc's content module also brings its sidebar's chunk (./sidebarChunks.cjs), which the route
// preload loads beside the route's modules and react-loadable never sees.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { registryEntries, routeSidebars, shortChunkNames } from './compactRouteRegistry.cjs';
import { sidebarChunkName } from './sidebarChunks.cjs';

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
    throw new Error("client manifest: none of the registry's chunks is named in it; the bundler's manifest changed shape");
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
