import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { matchRoutes, type RouteConfig } from 'react-router-config';
import type { RouteChunkNames } from '@docusaurus/types';
import flat from '@docusaurus/core/lib/client/flat';
import type * as Compact from '../route-table/compactRouteRegistry.cjs';
import {
  candidateRoutes,
  chunkNamesByRoute,
  createPrefetchQueue,
  originalRoute,
  type PrefetchQueueDeps,
} from './prefetchQueue';
import { GENERATED, evaluateRoutes } from '../../../tests/unit/generatedRoutes';

const compact = createRequire(import.meta.url)('../route-table/compactRouteRegistry.cjs') as typeof Compact;

describe('chunkNamesByRoute', () => {
  // Each route's chunks, as ComponentCreator finds them: under `${path}-${hash}`.
  const expected = (routes: ReturnType<typeof evaluateRoutes>, table: RouteChunkNames) => {
    const out: [unknown, string[]][] = [];
    const walk = (level: ReturnType<typeof evaluateRoutes>) => {
      for (const route of level) {
        if (route.path === '*') continue;
        out.push([route, Object.values(flat(table[`${route.component.path}-${route.component.hash}`]))]);
        if (route.routes) walk(route.routes as ReturnType<typeof evaluateRoutes>);
      }
    };
    walk(routes);
    return out;
  };

  it("gives each route of core's table the chunk names of its whole tree", () => {
    const routes = evaluateRoutes(GENERATED.routesConfig);
    const table = GENERATED.routesChunkNames as RouteChunkNames;
    const index = chunkNamesByRoute(routes as unknown as RouteConfig[], table);
    expect([...index]).toEqual(expected(routes, table));
    // The doc route: its layout component and its content.
    expect([...index.values()][4]).toHaveLength(2);
    expect(index.size).toBe(6);
  });

  it('does the same on the compact table of the production browser build', () => {
    const routes = evaluateRoutes(compact.compactRoutes(GENERATED.routesConfig));
    const names = new Map(Object.keys(GENERATED.registry).map((name, i) => [name, `r${i}`]));
    const table = JSON.parse(
      compact.compactRoutesChunkNames(
        JSON.stringify(GENERATED.routesChunkNames),
        names,
        compact.routeKeys(GENERATED.routesConfig),
      ),
    ) as RouteChunkNames;
    const index = chunkNamesByRoute(routes as unknown as RouteConfig[], table);
    expect([...index]).toEqual(expected(routes, table));
    const nameOf = (module: string) =>
      names.get(Object.keys(GENERATED.registry).find((name) => GENERATED.registry[name] === module)!);
    expect([...index.values()][5]).toEqual([nameOf('@theme/DocItem'), nameOf('@site/docs/intro.md')]);
  });
});

describe('candidateRoutes', () => {
  // Segments a route path or a link's pathname is made of: literals that share prefixes and
  // differ in case, an encoded one, and (for routes) parameters and wildcards.
  const LITERALS = ['guides', 'Guides', 'guide', 'install', 'caf%C3%A9', 'CAF%c3%a9', 'a.b', 'x'];
  const routeSegment = fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...LITERALS) },
    { weight: 1, arbitrary: fc.constantFrom(':id', ':id?', '(.*)', '*') },
  );
  const routePath = fc
    .tuple(fc.array(routeSegment, { maxLength: 3 }), fc.boolean())
    .map(([segments, slash]) => `/${segments.join('/')}${slash && segments.length > 0 ? '/' : ''}`);
  const route = fc.letrec<{ route: RouteConfig }>((tie) => ({
    route: fc.record(
      {
        path: fc.option(routePath, { nil: undefined, freq: 8 }),
        exact: fc.boolean(),
        strict: fc.boolean(),
        sensitive: fc.boolean(),
        routes: fc.option(fc.array(tie('route'), { maxLength: 4 }), { nil: undefined, freq: 2 }),
      },
      { requiredKeys: [] },
    ),
  })).route;
  const pathname = fc
    .tuple(fc.array(fc.constantFrom(...LITERALS, 'GUIDES', 'installer', ''), { maxLength: 4 }), fc.boolean())
    .map(([segments, slash]) => `/${segments.join('/')}${slash ? '/' : ''}`);

  it('leads matchRoutes to the same routes and matches as the whole table, for any table and path', () => {
    fc.assert(
      fc.property(fc.array(route, { maxLength: 6 }), pathname, (routes, path) => {
        const whole = matchRoutes(routes, path);
        const pruned = matchRoutes(candidateRoutes(routes, path), path);
        expect(pruned.map((m) => originalRoute(m.route))).toEqual(whole.map((m) => m.route));
        expect(pruned.map((m) => m.match)).toEqual(whole.map((m) => m.match));
      }),
      { numRuns: 3000 },
    );
  });

  it('drops the literal routes a path cannot match, and keeps the table as it was', () => {
    const docs = ['/intro', '/install/docker', '/guides', '/guides/connections/snowflake'].map((path) => ({
      path,
      exact: true,
    }));
    const routes: RouteConfig[] = [{ path: '/', routes: [{ path: '/', routes: docs }] }];
    const [root] = candidateRoutes(routes, '/Guides/connections/snowflake/');
    expect(root.routes![0].routes!.map((r) => r.path)).toEqual(['/guides', '/guides/connections/snowflake']);
    expect(originalRoute(root)).toBe(routes[0]);
    expect(routes[0].routes![0].routes).toHaveLength(4);
  });
});

/**
 * A queue whose idle callbacks run when the test says, on a clock the test moves: each URL
 * lookup costs `lookupMs`, as the bundler's lookup is the costly step.
 */
function harness(chunks: Record<string, string[]>, lookupMs = 0) {
  let clock = 0;
  const idle: (() => void)[] = [];
  const fetched: string[] = [];
  const lookedUp: string[] = [];
  const deps: PrefetchQueueDeps = {
    chunkNamesOf: (route) => chunks[route] ?? [],
    urlOf: (name) => {
      clock += lookupMs;
      lookedUp.push(name);
      if (name === 'merged') return undefined;
      // Two names the bundler put into one file.
      return `/assets/js/${name === 'twin' ? 'b' : name}.js`;
    },
    fetchUrl: (url) => fetched.push(url),
    whenIdle: (work) => idle.push(work),
    now: () => clock,
  };
  const runIdle = () => idle.shift()?.();
  return { queue: createPrefetchQueue(deps, 8), idle, fetched, lookedUp, runIdle };
}

describe('createPrefetchQueue', () => {
  it('does nothing until the main thread is idle', () => {
    const { queue, idle, fetched } = harness({ '/a': ['layout', 'a'] });
    queue.add('/a');
    expect(fetched).toEqual([]);
    expect(idle).toHaveLength(1);
  });

  it('looks each chunk up and requests its file once, however many routes share it', () => {
    const { queue, fetched, lookedUp, runIdle } = harness({
      '/a': ['layout', 'metadata', 'a'],
      '/b': ['layout', 'metadata', 'b', 'twin'],
      '/c': ['layout', 'merged', 'c'],
    });
    for (const route of ['/a', '/b', '/c', '/a']) queue.add(route);
    runIdle();
    expect(lookedUp).toEqual(['layout', 'metadata', 'a', 'b', 'twin', 'merged', 'c']);
    expect(fetched).toEqual([
      '/assets/js/layout.js',
      '/assets/js/metadata.js',
      '/assets/js/a.js',
      '/assets/js/b.js',
      '/assets/js/c.js',
    ]);
  });

  it('works in slices no longer than the budget, and schedules the rest for the next idle time', () => {
    const { queue, idle, fetched, runIdle } = harness(
      {
        '/a': ['layout', 'a1', 'a2', 'a3'],
        '/b': ['layout', 'b1', 'b2', 'b3', 'b4', 'b5'],
      },
      3,
    );
    queue.add('/a');
    queue.add('/b');
    expect(idle).toHaveLength(1);
    runIdle();
    // 3 ms per lookup, 8 ms per slice: the slice stops once its budget is spent, mid-route.
    expect(fetched).toHaveLength(3);
    expect(idle).toHaveLength(1);
    while (idle.length) runIdle();
    expect(fetched).toHaveLength(9);
  });

  it('makes progress even when a single lookup costs more than a slice', () => {
    const { queue, fetched, runIdle } = harness({ '/slow': ['slow'], '/next': ['next'] }, 20);
    queue.add('/slow');
    queue.add('/next');
    runIdle();
    expect(fetched).toEqual(['/assets/js/slow.js']);
    runIdle();
    expect(fetched).toEqual(['/assets/js/slow.js', '/assets/js/next.js']);
  });

  it('asks for one idle callback at a time', () => {
    const { queue, idle } = harness({});
    queue.add('/a');
    queue.add('/b');
    expect(idle).toHaveLength(1);
  });
});
