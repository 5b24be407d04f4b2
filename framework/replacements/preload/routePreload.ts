// Stands in for @docusaurus/core's client/preload.js: loads the modules of every route a pathname
// matches, as the original does, and the sidebar chunk of the route's doc (../sidebar-chunks).
// Our client entry calls it in a task of its own; with core's entry, ./routePreloadDeferred.ts.
import routes from '@generated/routes';
import sidebarChunks from '@veriq/sidebar-chunks';
import { loadedSidebars } from '../sidebar-chunks/sidebarStore';
import { matchRoutes } from 'react-router-config';
import { sidebarOfRoute } from '../../../shared/routing/sidebarOfPath';

export default function preloadNow(pathname: string): Promise<unknown[]> {
  // The original's steps: the pathname as written and decoded, every route either matches.
  const matches = Array.from(new Set([pathname, decodeURI(pathname)])).flatMap((p) => matchRoutes(routes, p));
  const sidebars = new Set(matches.map((match) => sidebarOfRoute(match.route)).filter((name) => name !== undefined));
  return Promise.all([
    // As core's: a route without a loadable component gives undefined, which Promise.all takes.
    // eslint-disable-next-line @typescript-eslint/await-thenable
    ...matches.map((match) => match.route.component.preload?.()),
    // A sidebar loaded before is in the store already; the others' chunks run and add theirs.
    ...[...sidebars]
      .filter((name) => !Object.hasOwn(loadedSidebars, name) && Object.hasOwn(sidebarChunks, name))
      .map((name) => sidebarChunks[name]()),
  ]);
}
