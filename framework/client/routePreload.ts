// Stands in for @docusaurus/core's client/preload.js (swapped in by framework): loads
// the modules of every route a pathname matches, as the original does, with one change. Its
// first caller is the client entry, while main.js is still being evaluated; the original set up
// the route's chunks right there, which made main.js's evaluation and the route's preload one
// long task on a phone. The first preload now starts in a task of its own. Later callers
// (navigation, a hovered link) are served at once.
//
// It also loads the sidebar of the route's doc: in the production browser build, the docs version
// metadata holds no sidebar items, and each sidebar is a chunk of its own that fills them in
// (framework/build/sidebarChunks.cjs), so a page loads its own sidebar only.
import routes from '@generated/routes';
import sidebarChunks from '@veriq/sidebar-chunks';
import { loadedSidebars } from './sidebarStore';
import { matchRoutes } from 'react-router-config';
import { deferFirstCall, nextTask } from './deferFirstCall';
import { sidebarOfRoute } from '../../shared/routing/sidebarOfPath';

function preloadNow(pathname: string): Promise<unknown[]> {
  // The original's steps: the pathname as written and decoded, every route either matches.
  const matches = Array.from(new Set([pathname, decodeURI(pathname)])).flatMap((p) => matchRoutes(routes, p));
  const sidebars = new Set(matches.map((match) => sidebarOfRoute(match.route)).filter((name) => name !== undefined));
  return Promise.all([
    ...matches.map((match) => match.route.component.preload?.()),
    // A sidebar loaded before is in the store already; the others' chunks run and add theirs.
    ...[...sidebars]
      .filter((name) => !Object.hasOwn(loadedSidebars, name) && Object.hasOwn(sidebarChunks, name))
      .map((name) => sidebarChunks[name]!()),
  ]);
}

export default deferFirstCall(preloadNow, nextTask);
