// Stands in for @docusaurus/core's client/docusaurus.js, the `window.docusaurus` its Link calls:
// `preload` (a link hovered or focused) is the original's, through ../preload/routePreload.ts;
// `prefetch` (a link became visible) goes through ./prefetchQueue, which requests each route's
// chunks when the page is idle and each file once.
import { matchRoutes } from 'react-router-config';
import routes from '@generated/routes';
import routesChunkNames from '@generated/routesChunkNames';
import prefetchUrl from '@docusaurus/core/lib/client/prefetch';
import preloadRoute from '../preload/routePreload';
import {
  candidateRoutes,
  chunkNamesByRoute,
  createPrefetchQueue,
  originalRoute,
  type PrefetchQueue,
} from './prefetchQueue';

// Added to the webpack runtime by Docusaurus's ChunkAssetPlugin: a chunk name's URL.
declare const __webpack_require__: { gca(chunkName: string): string };

// As the original: no speculative downloads on a slow or data-saving connection.
// (The Network Information API is not in TypeScript's DOM types: Chromium-only.)
function isSlowConnection(): boolean {
  const { connection } = navigator as { connection?: { effectiveType?: string; saveData?: boolean } };
  return Boolean(connection?.effectiveType?.includes('2g') || connection?.saveData);
}

const loaded = new Set<string>();
let queue: PrefetchQueue | null = null;

// Built on the first prefetch, not at import: the index scans the whole route table.
function prefetchQueue(): PrefetchQueue {
  if (queue) return queue;
  const chunkNames = chunkNamesByRoute(routes, routesChunkNames);
  queue = createPrefetchQueue({
    chunkNamesOf: (routePath) =>
      matchRoutes(candidateRoutes(routes, routePath), routePath).flatMap(
        (m) => chunkNames.get(originalRoute(m.route)) ?? [],
      ),
    urlOf(chunkName) {
      const url = __webpack_require__.gca(chunkName);
      // A chunk the bundler merged into another has no file of its own.
      return url && !url.includes('undefined') ? url : undefined;
    },
    fetchUrl: (url) => void prefetchUrl(url),
    whenIdle: (work) =>
      typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(work) : setTimeout(work, 1),
    now: () => performance.now(),
  });
  return queue;
}

function prefetch(routePath: string): false | Promise<unknown[]> {
  if (isSlowConnection() || loaded.has(routePath)) return false;
  prefetchQueue().add(routePath);
  return Promise.resolve([]);
}

function preload(routePath: string): false | Promise<unknown[]> {
  if (isSlowConnection() || loaded.has(routePath)) return false;
  loaded.add(routePath);
  return preloadRoute(routePath);
}

// The original is frozen too: it is mounted on window as is.
export default Object.freeze({ prefetch, preload });
