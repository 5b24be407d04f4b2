import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type * as Compact from './compactRouteRegistry.cjs';
import { GENERATED, evaluateRoutes } from '../../../tests/unit/generatedRoutes';

const require = createRequire(import.meta.url);
const compact = require('./compactRouteRegistry.cjs') as typeof Compact;

// What core's genRegistry writes (server/codegen/codegenRoutes.js): entries sorted by chunk
// name, joined by newlines, the object closed on the last entry's line.
const entry = (name: string, path: string) =>
  `  "${name}": [() => import(/* webpackChunkName: "${name}" */ "${path}"), "${path}", require.resolveWeak("${path}")],`;
const REGISTRY = `export default {
${[entry('17896441', '@theme/DocItem'), entry('5e95c892', '@theme/DocsRoot'), entry('c7f09265', '@site/docs/intro.md')].join('\n')}};
`;

const identityNames = new Map(Object.keys(GENERATED.registry).map((name) => [name, name]));

describe('route registry compaction (framework)', () => {
  it('names each chunk by its rank among the sorted names', () => {
    expect([...compact.shortChunkNames(REGISTRY)]).toEqual([
      ['17896441', 'r0'],
      ['5e95c892', 'r1'],
      ['c7f09265', 'r2'],
    ]);
  });

  it('rewrites the registry under the short names, without module paths, loading the same modules', () => {
    const out = compact.compactRegistry(REGISTRY);
    expect(out).toContain(
      '  "r2": [() => import(/* webpackChunkName: "r2" */ "@site/docs/intro.md"), "", require.resolveWeak("@site/docs/intro.md")],',
    );
    expect(out).not.toContain('17896441');
    expect(out).not.toMatch(/, "@/);
    // Still a module of one default export the bundler can parse.
    const registry = (
      new Function(
        out.replace('export default', 'return').replace(/require\.resolveWeak\(("[^"]+")\)/g, '$1'),
      ) as () => Record<string, unknown>
    )();
    expect(Object.keys(registry)).toEqual(['r0', 'r1', 'r2']);
  });

  it('renames every chunk of routesChunkNames, nested props included', () => {
    const routes = {
      '/-656': { __comp: '5e95c892', __context: { plugin: 'c7f09265' } },
      '/intro-493': { __comp: '17896441', content: 'c7f09265', items: [{ content: '17896441' }] },
    };
    const out = JSON.parse(
      compact.compactRoutesChunkNames(JSON.stringify(routes), compact.shortChunkNames(REGISTRY), Object.keys(routes)),
    ) as unknown;
    expect(out).toEqual({
      '-0': { __comp: 'r1', __context: { plugin: 'r2' } },
      '-1': { __comp: 'r0', content: 'r2', items: [{ content: 'r0' }] },
    });
  });

  it("keys each route of routes.js by its rank, and routesChunkNames alike, in core's order", () => {
    const keys = compact.routeKeys(GENERATED.routesConfig);
    // The route table's order, which is also the order core writes routesChunkNames in.
    expect(keys).toEqual(Object.keys(GENERATED.routesChunkNames));
    expect(keys[4]).toMatch(/^\/it's-fine-[0-9a-z]+$/);

    const routes = compact.compactRoutes(GENERATED.routesConfig);
    expect(routes).not.toMatch(/ComponentCreator\('\//);
    const table = JSON.parse(
      compact.compactRoutesChunkNames(JSON.stringify(GENERATED.routesChunkNames), identityNames, keys),
    ) as Record<string, unknown>;
    expect(Object.keys(table)).toEqual(['-0', '-1', '-2', '-3', '-4', '-5']);
    // ComponentCreator looks a route up under `${path}-${hash}`: each route finds its own chunks.
    const found: unknown[] = [];
    const walk = (level: ReturnType<typeof evaluateRoutes>) => {
      for (const route of level) {
        if (route.path === '*') continue;
        found.push([route.path, table[`${route.component.path}-${route.component.hash}`]]);
        if (route.routes) walk(route.routes as ReturnType<typeof evaluateRoutes>);
      }
    };
    walk(evaluateRoutes(routes));
    expect(found).toEqual(keys.map((key) => [key.replace(/-[0-9a-z]+$/, ''), GENERATED.routesChunkNames[key]]));
    expect(compact.compactRouteKey(71)).toBe('-1z');
  });

  it('fails the build when routes.js and routesChunkNames disagree or routes.js changes shape', () => {
    const keys = compact.routeKeys(GENERATED.routesConfig);
    const json = JSON.stringify(GENERATED.routesChunkNames);
    expect(() => compact.compactRoutesChunkNames(json, identityNames, keys.slice(1))).toThrow('is not in routes.js');
    expect(() => compact.compactRoutesChunkNames(json, identityNames, [...keys, '/extra-abc'])).toThrow(
      'route "/extra-abc" is not in routesChunkNames.json',
    );
    expect(() => compact.routeKeys(GENERATED.routesConfig.replace("component: ComponentCreator('*')", ''))).toThrow(
      'changed shape',
    );
    // A component core would write differently (a hash of another alphabet) is not rewritten.
    const odd = GENERATED.routesConfig.replace(/ComponentCreator\('\/intro', '/, "ComponentCreator('/intro', 'X");
    expect(() => compact.routeKeys(odd)).toThrow('changed shape');
  });

  it('fails the build on a chunk the registry lacks or on a registry of another shape', () => {
    const short = compact.shortChunkNames(REGISTRY);
    expect(() => compact.compactRoutesChunkNames('{"/x-1":{"__comp":"deadbeef"}}', short, ['/x-1'])).toThrow(
      'chunk "deadbeef" is not in registry.js',
    );
    expect(() =>
      compact.compactRegistry(REGISTRY.replace('"@theme/DocItem", require', '"@theme/Other", require')),
    ).toThrow('changed shape');
    expect(() => compact.compactRegistry('module.exports = {};')).toThrow('changed shape');
    expect(compact.compactRegistry('export default {\n};\n')).toBe('export default {\n\n};\n');
  });
});
