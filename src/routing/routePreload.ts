// Stands in for @docusaurus/core's client/preload.js (swapped in by plugins/first-load): loads
// the modules of every route a pathname matches, as the original does, with one change. Its
// first caller is the client entry, while main.js is still being evaluated; the original set up
// the route's chunks right there, which made main.js's evaluation and the route's preload one
// long task on a phone. The first preload now starts in a task of its own. Later callers
// (navigation, a hovered link) are served at once.
import routes from '@generated/routes';
import { matchRoutes } from 'react-router-config';
import { deferFirstCall, nextTask } from './deferFirstCall';

function preloadNow(pathname: string): Promise<unknown[]> {
  // The original's steps: the pathname as written and decoded, every route either matches.
  const matches = Array.from(new Set([pathname, decodeURI(pathname)])).flatMap((p) => matchRoutes(routes, p));
  return Promise.all(matches.map((match) => match.route.component.preload?.()));
}

export default deferFirstCall(preloadNow, nextTask);
