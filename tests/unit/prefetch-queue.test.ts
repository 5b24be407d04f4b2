import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import type { RouteConfig } from 'react-router-config';
import type { RouteChunkNames } from '@docusaurus/types';
import flat from '@docusaurus/core/lib/client/flat';
import type * as Compact from '../../framework/build/compactRouteRegistry.cjs';
import { chunkNamesByRoute, createPrefetchQueue, type PrefetchQueueDeps } from '../../framework/client/prefetchQueue';
import { GENERATED, evaluateRoutes } from './generatedRoutes';

const compact = createRequire(import.meta.url)('../../framework/build/compactRouteRegistry.cjs') as typeof Compact;

describe('chunkNamesByRoute', () => {
  // Each route's chunks, as ComponentCreator finds them: under `${path}-${hash}`.
  const expected = (routes: ReturnType<typeof evaluateRoutes>, table: RouteChunkNames) => {
    const out: [unknown, string[]][] = [];
    const walk = (level: ReturnType<typeof evaluateRoutes>) => {
      for (const route of level) {
        if (route.path === '*') continue;
        out.push([route, Object.values(flat(table[`${route.component.path}-${route.component.hash}`]!))]);
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
