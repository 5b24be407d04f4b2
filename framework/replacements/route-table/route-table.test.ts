// Differential test of the `route-table` replacement (./compactRouteRegistry.cjs): core's own
// codegen writes registry.js, routes.js and routesChunkNames.json for a route table of the site's
// shape; core's own ComponentCreator, given core's files and ours, loads the same modules under the
// same prop keys for every route. It also pins core's private key format by behaviour: our routes
// call ComponentCreator('', rank) and rely on it finding `-${rank}` (`${path}-${hash}`).
import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type * as Compact from './compactRouteRegistry.cjs';
import { bundleAndImport } from '../../../tests/unit/framework/bundle';

const require = createRequire(import.meta.url);
const compact = require('./compactRouteRegistry.cjs') as typeof Compact;
const { generateRouteFiles } = require('@docusaurus/core/lib/server/codegen/codegenRoutes.js') as {
  generateRouteFiles: (args: { generatedFilesDir: string; routes: unknown[] }) => Promise<void>;
};

const doc = (path: string, file: string) => ({
  path,
  component: '@theme/DocItem',
  exact: true,
  modules: { content: `@site/docs/${file}` },
});
// The site's shape: a page, and docs three levels under `/`, one path with a quote in it, a route
// with nested props.
const ROUTES = [
  { path: '/login/callback', component: '@site/src/pages/login/callback.tsx', exact: true },
  {
    path: '/',
    component: '@theme/DocsRoot',
    routes: [
      {
        path: '/',
        component: '@theme/DocVersionRoot',
        modules: { version: '@site/version.json', items: [{ content: '@site/docs/intro.md' }] },
        routes: [
          {
            path: '/',
            component: '@theme/DocRoot',
            routes: [doc("/it's-fine", 'its-fine.md'), doc('/intro', 'intro.md'), doc('/install/docker', 'docker.md')],
          },
        ],
      },
    ],
  },
];

interface LoadableCall {
  /** Prop key path → the module its loader imports. */
  loads: Record<string, string>;
}
interface EvaluatedRoute {
  path: string;
  component: LoadableCall | { notFound: true };
  routes?: EvaluatedRoute[];
}

// react-loadable stand-in: reports what ComponentCreator asked it to load.
const LOADABLE = `
const moduleOf = (loader) => /import\\(\\s*(?:\\/\\*[^]*?\\*\\/\\s*)?"([^"]+)"/.exec(String(loader))[1];
function Loadable() { return { notFound: true }; }
Loadable.Map = ({ loader }) => ({ loads: Object.fromEntries(Object.entries(loader).map(([k, l]) => [k, moduleOf(l)])) });
export default Loadable;`;

async function evaluate(files: { registry: string; routes: string; routesChunkNames: string }) {
  const { default: routes } = await bundleAndImport<{ default: EvaluatedRoute[] }>(
    `export { default } from '@generated/routes';`,
    {
      virtual: {
        '@generated/registry': files.registry,
        '@generated/routes': files.routes,
        '@generated/routesChunkNames': `export default ${files.routesChunkNames};`,
        '@docusaurus/ComponentCreator': `export { default } from '@docusaurus/core/lib/client/exports/ComponentCreator.js';`,
        'react-loadable': LOADABLE,
        '@theme/Loading': 'export default () => null;',
        '@theme/NotFound': 'export default () => null;',
      },
      // The registry's imports are never run: the stand-in reads them from the loaders' source.
      external: ['react', '@site/*', '@theme/*'],
      banner: 'const require = { resolveWeak: (request) => request };',
    },
  );
  return routes;
}

const flatten = (routes: EvaluatedRoute[]): EvaluatedRoute[] =>
  routes.flatMap((route) => [route, ...flatten(route.routes ?? [])]);

describe('the route table (core 3.10 codegen and ComponentCreator, ours beside core’s)', () => {
  it('loads the same modules under the same prop keys for every route', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'route-table-'));
    await generateRouteFiles({ generatedFilesDir: dir, routes: ROUTES });
    const read = (file: string) => readFileSync(join(dir, file), 'utf8');
    const upstream = {
      registry: read('registry.js'),
      routes: read('routes.js'),
      routesChunkNames: read('routesChunkNames.json'),
    };
    const ours = {
      registry: compact.compactRegistry(upstream.registry),
      routes: compact.compactRoutes(upstream.routes),
      routesChunkNames: compact.compactRoutesChunkNames(
        upstream.routesChunkNames,
        compact.shortChunkNames(upstream.registry),
        compact.routeKeys(upstream.routes),
      ),
    };
    // Ours is smaller: no module paths, no route paths in the keys, no hashes in the chunk names.
    expect(ours.registry.length + ours.routesChunkNames.length).toBeLessThan(
      upstream.registry.length + upstream.routesChunkNames.length,
    );
    const before = flatten(await evaluate(upstream));
    const after = flatten(await evaluate(ours));
    expect(after).toEqual(before);
    // Each route loads its own modules: a lookup that missed would load nothing.
    const intro = before.find((route) => route.path === '/intro')!.component as LoadableCall;
    expect(intro.loads).toEqual({ __comp: '@theme/DocItem', content: '@site/docs/intro.md' });
    const versionRoot = before.find((route) => 'loads' in route.component && route.component.loads.version)!;
    expect((versionRoot.component as LoadableCall).loads).toMatchObject({
      version: '@site/version.json',
      'items.0.content': '@site/docs/intro.md',
    });
    expect(before.at(-1)).toMatchObject({ path: '*', component: { notFound: true } });
  });

  it("finds a compacted route's chunks under compactRouteKey(rank), the key ComponentCreator('', rank) reads", async () => {
    const registry = `export default {\n  "r0": [() => import(/* webpackChunkName: "r0" */ "@theme/DocItem"), "", require.resolveWeak("@theme/DocItem")],\n};\n`;
    const routes =
      "import React from 'react';\nimport ComponentCreator from '@docusaurus/ComponentCreator';\n\nexport default [\n" +
      "  {\n    path: '/a',\n    component: ComponentCreator('', '1z'),\n  },\n];\n";
    const table = JSON.stringify({ [compact.compactRouteKey(71)]: { __comp: 'r0' } });
    const [route] = await evaluate({ registry, routes, routesChunkNames: table });
    expect(compact.compactRouteKey(71)).toBe('-1z');
    expect(route.component).toEqual({ loads: { __comp: '@theme/DocItem' } });
  });
});
