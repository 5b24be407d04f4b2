import type * as Preset from '@docusaurus/preset-classic';
import type { SiteEnv } from './env';

type NavbarItem = NonNullable<NonNullable<Preset.ThemeConfig['navbar']>['items']>[number];

/**
 * The site's navbar. Guides, API Reference and Submit a Ticket are `custom-gatedLink` items: the
 * theme's links, but a logged-out click opens the access modal (src/theme/NavbarItem/GatedLink).
 * Search and Login/Logout are custom types too (src/theme/NavbarItem/ComponentTypes.tsx).
 */
export function navbarItems(env: Pick<SiteEnv, 'apiReferenceUrl' | 'supportPortalUrl'>): NavbarItem[] {
  return [
    { type: 'docSidebar', sidebarId: 'install', label: 'Installation', position: 'left' },
    { type: 'custom-gatedLink', label: 'Guides', to: '/guides/concept', activeBaseRegex: '^/guides', position: 'left' },
    { type: 'custom-gatedLink', label: 'API Reference', href: env.apiReferenceUrl, position: 'left' },
    { label: 'Releases', to: '/releases/2025-03', activeBaseRegex: '^/releases', position: 'left' },
    { type: 'custom-gatedLink', label: 'Submit a Ticket', href: env.supportPortalUrl, position: 'left' },
    { type: 'custom-search', position: 'right' },
    { type: 'custom-auth', position: 'right' },
  ] as NavbarItem[];
}
