import type { ReactNode } from 'react';
import { useLocation } from '@docusaurus/router';
import { useLayoutDocsSidebar } from '@docusaurus/plugin-content-docs/client';
import DefaultNavbarItem from '@theme/NavbarItem/DefaultNavbarItem';
import type { Props } from '@theme/NavbarItem/DocSidebarNavbarItem';
import routes from '@generated/routes';
import { sidebarOfPath } from '@site/shared/routing/sidebarOfPath';

// The theme's `docSidebar` navbar item, active while the page is a doc of its sidebar; the doc's
// sidebar comes from the route table (shared/routing/sidebarOfPath.ts) rather than the global
// data's list of every doc.
export default function DocSidebarLink({ sidebarId, label, docsPluginId, ...props }: Props): ReactNode {
  const { pathname } = useLocation();
  const sidebarLink = useLayoutDocsSidebar(sidebarId, docsPluginId).link;
  if (!sidebarLink) {
    throw new Error(`DocSidebarNavbarItem: Sidebar with ID "${sidebarId}" doesn't have anything to be linked to.`);
  }
  return (
    <DefaultNavbarItem
      exact
      {...props}
      isActive={() => sidebarOfPath(routes, pathname) === sidebarId}
      label={label ?? sidebarLink.label}
      to={sidebarLink.path}
    />
  );
}
