import { matchRoutes, type RouteConfig } from 'react-router-config';

/**
 * The sidebar of the doc a pathname renders, read from the route table: the docs plugin puts
 * each doc's sidebar on its route. The theme reads it from a list of every doc in the plugin's
 * global data instead, which this site leaves out of main.js (framework).
 */
export function sidebarOfPath(routes: readonly RouteConfig[], pathname: string): string | undefined {
  return sidebarOfRoute(matchRoutes(routes as RouteConfig[], pathname).at(-1)?.route);
}

/** The sidebar the docs plugin put on a route, if any (only a doc's own route has one). */
export function sidebarOfRoute(route: RouteConfig | undefined): string | undefined {
  const { sidebar } = (route ?? {}) as { sidebar?: unknown };
  return typeof sidebar === 'string' ? sidebar : undefined;
}
