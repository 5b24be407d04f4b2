// Prefetching of the routes a reader can see links to, kept off the busy moments of a page load:
// a visible link only queues its route; the queue is worked through when the main thread is idle,
// in short slices, and each chunk is requested once per page, where core added a
// <link rel="prefetch"> per chunk per route in one task
// (maintainers/decisions/2026-11-27-main-thread-tasks.md).

import type { RouteConfig } from 'react-router-config';
import type { RouteChunkNames } from '@docusaurus/types';
import flat from '@docusaurus/core/lib/client/flat';

/**
 * Each route of the route table (`@generated/routes`) → the chunk names of its route modules, from
 * `@generated/routesChunkNames`. Both files list the routes in one walk, parent before children,
 * whatever their keys (core's path and hash, or the route-table replacement's rank): the n-th route
 * has the n-th entry; the catch-all `*` has none. Leaves collected with core's `flat`, as core does.
 */
export function chunkNamesByRoute(routes: readonly RouteConfig[], table: RouteChunkNames): Map<RouteConfig, string[]> {
  const trees = Object.values(table);
  const index = new Map<RouteConfig, string[]>();
  let rank = 0;
  const walk = (level: readonly RouteConfig[]) => {
    for (const route of level) {
      if (route.path === '*') continue;
      const tree = trees[rank++];
      if (tree) index.set(route, Object.values(flat(tree)));
      if (route.routes) walk(route.routes);
    }
  };
  walk(routes);
  return index;
}

// A pattern path-to-regexp compiles to a literal: no parameter, wildcard, group or escape.
const LITERAL_PATTERN = /^[^:*()?+\\]*$/;

const originals = new WeakMap<RouteConfig, RouteConfig>();

/**
 * The part of the route table `matchRoutes` could match `pathname` against, in the same order
 * (`originalRoute` maps a match back). A route is dropped only when its path is a literal the
 * pathname does not start with, ignoring case as path-to-regexp's `i` flag does. Why: matchRoutes
 * compiles each pattern it tries, about 10 ms for a doc page's first prefetch; this test is far less.
 */
export function candidateRoutes(routes: readonly RouteConfig[], pathname: string): RouteConfig[] {
  const upper = pathname.toUpperCase();
  const couldMatch = ({ path }: RouteConfig) =>
    typeof path !== 'string' || !LITERAL_PATTERN.test(path) || upper.startsWith(path.replace(/\/+$/, '').toUpperCase());
  const prune = (level: readonly RouteConfig[]): RouteConfig[] =>
    level.filter(couldMatch).map((route) => {
      if (!route.routes) return route;
      const copy = { ...route, routes: prune(route.routes) };
      originals.set(copy, route);
      return copy;
    });
  return prune(routes);
}

/** The route of the table a route of `candidateRoutes` stands for. */
export function originalRoute(route: RouteConfig): RouteConfig {
  return originals.get(route) ?? route;
}

export interface PrefetchQueueDeps {
  /** The chunk names a page needs: its route's and its parent layout routes'. */
  chunkNamesOf(routePath: string): readonly string[];
  /** A chunk's URL, or undefined when the bundler merged the chunk into another. */
  urlOf(chunkName: string): string | undefined;
  /** Starts a low-priority download of one URL. */
  fetchUrl(url: string): void;
  /** Runs `work` once the main thread is idle. */
  whenIdle(work: () => void): void;
  now(): number;
}

/**
 * Longest run of queued work in one idle callback. One step can overrun it (a route's first match
 * compiles the route table's patterns; a link element starts a request), and Lighthouse scores a
 * phone by multiplying this machine's tasks by four: a slice must stay under 50 / 4 ms with its
 * overrun to be no long task there.
 */
export const SLICE_MS = 4;

export interface PrefetchQueue {
  /** Queues a route path; each path is worked on once. */
  add(routePath: string): void;
}

export function createPrefetchQueue(deps: PrefetchQueueDeps, sliceMs = SLICE_MS): PrefetchQueue {
  const seenRoutes = new Set<string>();
  const pendingRoutes: string[] = [];
  // Chunk names still to request; a name shared by several routes (the docs layout, the version
  // metadata) is queued once. Looking a chunk's URL up is the costly step (the bundler's runtime
  // builds its whole chunk table on every call), so the slice budget is checked per chunk.
  const seenChunks = new Set<string>();
  const pendingChunks: string[] = [];
  // Names are unique per chunk, but the bundler may merge two named chunks into one file.
  const requestedUrls = new Set<string>();
  let scheduled = false;

  function schedule(): void {
    if (scheduled || (pendingRoutes.length === 0 && pendingChunks.length === 0)) return;
    scheduled = true;
    deps.whenIdle(drain);
  }

  function nextChunk(): string | undefined {
    while (pendingChunks.length === 0 && pendingRoutes.length > 0) {
      for (const name of deps.chunkNamesOf(pendingRoutes.shift()!)) {
        if (seenChunks.has(name)) continue;
        seenChunks.add(name);
        pendingChunks.push(name);
      }
    }
    return pendingChunks.shift();
  }

  function drain(): void {
    scheduled = false;
    const end = deps.now() + sliceMs;
    // At least one step per slice, so a slow machine still makes progress.
    do {
      const name = nextChunk();
      if (name === undefined) break;
      const url = deps.urlOf(name);
      if (url === undefined || requestedUrls.has(url)) continue;
      requestedUrls.add(url);
      deps.fetchUrl(url);
    } while (deps.now() < end);
    schedule();
  }

  return {
    add(routePath) {
      if (seenRoutes.has(routePath)) return;
      seenRoutes.add(routePath);
      pendingRoutes.push(routePath);
      schedule();
    },
  };
}
