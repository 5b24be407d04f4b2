// Differential test of the `route-scripts` replacement (./routeScripts.build.ts): core's
// own getBundles, given the manifest the client build wrote and the modules react-loadable reports
// for a page, lists only the entry scripts; given the manifest with our module origins, it lists
// the entry scripts and then the files of each reported module's chunk, and nothing else.
import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { registryEntries, shortChunkNames } from '../route-table/compactRouteRegistry.cjs';
import { docSidebarsOf, withModuleOrigins, type ClientManifest } from './routeScripts.build';

const require = createRequire(import.meta.url);
const getBundles = (
  require('react-loadable-ssr-addon-v5-slorber') as {
    getBundles: (manifest: ClientManifest, modules: string[]) => { js?: { file: string }[] };
  }
).getBundles;
const { generateRouteFiles } = require('@docusaurus/core/lib/server/codegen/codegenRoutes.js') as {
  generateRouteFiles: (args: { generatedFilesDir: string; routes: unknown[] }) => Promise<void>;
};

// core's registry.js (codegenRoutes' genRegistry) for three modules.
const REGISTRY = [
  'export default {',
  '  "17896441": [() => import(/* webpackChunkName: "17896441" */ "@theme/DocItem"), "@theme/DocItem", require.resolveWeak("@theme/DocItem")],',
  '  "877535aa": [() => import(/* webpackChunkName: "877535aa" */ "@site/docs/install.md"), "@site/docs/install.md", require.resolveWeak("@site/docs/install.md")],',
  '  "a7bd4aaa": [() => import(/* webpackChunkName: "a7bd4aaa" */ "@theme/DocVersionRoot"), "@theme/DocVersionRoot", require.resolveWeak("@theme/DocVersionRoot")],};',
].join('\n');

const js = (file: string) => ({ js: [{ file }] });
// What the client build writes with the route-table replacement: chunks under their short names
// (r0, r1, r2: the ranks of the sorted chunk names), DocItem's chunk with a shared sibling.
const MANIFEST: ClientManifest = {
  entrypoints: ['main'],
  origins: { main: ['runtime~main', 'main'], r0: ['8979', '156'], r1: ['45'], r2: ['112'] },
  assets: {
    'runtime~main': js('assets/js/runtime~main.1.js'),
    main: js('assets/js/main.2.js'),
    '8979': js('assets/js/8979.3.js'),
    '156': js('assets/js/156.4.js'),
    '45': js('assets/js/45.5.js'),
    '112': js('assets/js/112.6.js'),
  },
};

const files = (manifest: ClientManifest, modules: string[]) =>
  (getBundles(manifest, [...manifest.entrypoints, ...modules]).js ?? []).map((b) => b.file);

describe('the page scripts (react-loadable manifest as written, and with module origins)', () => {
  const page = ['@theme/DocItem', '@site/docs/install.md'];

  it("core's manifest lists the entry scripts alone for a page's modules", () => {
    expect(files(MANIFEST, page)).toEqual(['assets/js/runtime~main.1.js', 'assets/js/main.2.js']);
  });

  it("ours lists the entry scripts, then each module's chunk with its siblings, in order", () => {
    expect(files(withModuleOrigins(MANIFEST, REGISTRY), page)).toEqual([
      'assets/js/runtime~main.1.js',
      'assets/js/main.2.js',
      'assets/js/8979.3.js',
      'assets/js/156.4.js',
      'assets/js/45.5.js',
    ]);
  });

  it("finds chunks under core's own names when the route table is left to the framework", () => {
    const upstream: ClientManifest = {
      ...MANIFEST,
      origins: { main: MANIFEST.origins.main, '17896441': ['8979', '156'], '877535aa': ['45'], a7bd4aaa: ['112'] },
    };
    expect(files(withModuleOrigins(upstream, REGISTRY), ['@theme/DocVersionRoot'])).toEqual([
      'assets/js/runtime~main.1.js',
      'assets/js/main.2.js',
      'assets/js/112.6.js',
    ]);
  });

  it('leaves out a module the main bundle holds, and throws when the manifest names no registry chunk', () => {
    const { r1: _inMain, ...origins } = MANIFEST.origins;
    expect(files(withModuleOrigins({ ...MANIFEST, origins }, REGISTRY), page)).toEqual([
      'assets/js/runtime~main.1.js',
      'assets/js/main.2.js',
      'assets/js/8979.3.js',
      'assets/js/156.4.js',
    ]);
    expect(() => withModuleOrigins({ ...MANIFEST, origins: { main: MANIFEST.origins.main } }, REGISTRY)).toThrow(
      /none of the registry's chunks/,
    );
  });

  it("adds a doc's sidebar chunk to its content module, found in the route files core's codegen writes", async () => {
    const generatedFilesDir = mkdtempSync(join(tmpdir(), 'route-scripts-'));
    const doc = (path: string, file: string, sidebar?: string) => ({
      path,
      component: '@theme/DocItem',
      exact: true,
      modules: { content: `@site/docs/${file}` },
      ...(sidebar === undefined ? {} : { sidebar }),
    });
    await generateRouteFiles({
      generatedFilesDir,
      routes: [
        {
          path: '/',
          component: '@theme/DocRoot',
          routes: [
            doc('/install', 'install.md', 'install'),
            doc("/it's", 'its.md', 'my "docs"'),
            doc('/loose', 'loose.md'),
          ],
        },
      ],
    });
    const read = (file: string) => readFileSync(join(generatedFilesDir, file), 'utf8');
    const chunkNames = JSON.parse(read('routesChunkNames.json')) as Record<string, { content?: string }>;
    const contentOf = (path: string) =>
      Object.entries(chunkNames).find(([key]) => key.startsWith(`${path}-`))![1].content!;
    const sidebars = docSidebarsOf(read('routes.js'), read('routesChunkNames.json'));
    expect(sidebars).toEqual(
      new Map([
        [contentOf('/install'), 'install'],
        [contentOf("/it's"), 'my "docs"'],
      ]),
    );

    // The manifest then gives the install doc's content module its sidebar's chunk.
    const registry = read('registry.js');
    const install = registryEntries(registry).find((entry) => entry.modulePath === '@site/docs/install.md')!;
    const short = shortChunkNames(registry);
    const manifest: ClientManifest = {
      entrypoints: ['main'],
      origins: {
        main: ['main'],
        ...Object.fromEntries([...short.values()].map((name) => [name, [name]])),
        'sidebar-install': ['8527'],
      },
      assets: {
        main: js('assets/js/main.1.js'),
        [short.get(install.chunkName)!]: js('assets/js/install.2.js'),
        '8527': js('assets/js/8527.3.js'),
      },
    };
    expect(files(withModuleOrigins(manifest, registry, sidebars), ['@site/docs/install.md'])).toEqual([
      'assets/js/main.1.js',
      'assets/js/install.2.js',
      'assets/js/8527.3.js',
    ]);
  });
});
