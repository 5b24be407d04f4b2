import { describe, expect, it } from 'vitest';
import type { RouteConfig } from 'react-router-config';
import { sidebarOfPath } from '../../shared/routing/sidebarOfPath';

// The shape of the route table the docs plugin generates (.docusaurus/routes.js): the plugin's
// root, the version, the doc layout, then one exact route per doc carrying its sidebar.
const Page = () => null;
const routes: RouteConfig[] = [
  { path: '/login/callback', component: Page, exact: true },
  {
    path: '/',
    component: Page,
    routes: [
      {
        path: '/',
        component: Page,
        routes: [
          {
            path: '/',
            component: Page,
            routes: [
              { path: '/helm-online-install', component: Page, exact: true, sidebar: 'install' },
              { path: '/releases/2025-03', component: Page, exact: true, sidebar: 'releases' },
              { path: '/unlisted-note', component: Page, exact: true },
              { path: '/', component: Page, exact: true, sidebar: 'install' },
            ],
          },
        ],
      },
    ],
  },
];

describe('sidebarOfPath', () => {
  it('gives the sidebar of the doc the pathname renders, matched as the router matches', () => {
    expect(sidebarOfPath(routes, '/helm-online-install')).toBe('install');
    expect(sidebarOfPath(routes, '/Helm-Online-Install')).toBe('install');
    expect(sidebarOfPath(routes, '/helm-online-install/')).toBe('install');
    expect(sidebarOfPath(routes, '/releases/2025-03')).toBe('releases');
    expect(sidebarOfPath(routes, '/')).toBe('install');
  });

  it('gives none for a page that is no doc, or a doc outside every sidebar', () => {
    expect(sidebarOfPath(routes, '/login/callback')).toBeUndefined();
    expect(sidebarOfPath(routes, '/unlisted-note')).toBeUndefined();
    expect(sidebarOfPath(routes, '/no-such-page')).toBeUndefined();
  });
});
