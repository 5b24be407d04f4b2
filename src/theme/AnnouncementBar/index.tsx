import React, { lazy, Suspense, type ReactNode } from 'react';
import { useThemeConfig } from '@docusaurus/theme-common';

// The theme's announcement bar, loaded only when the site configures one: this site has none,
// and the theme's Layout imports the bar, its close button and its content into main.js.
// Server rendering waits for it, so a configured bar is in every page's HTML.
const OriginalAnnouncementBar = lazy(() => import('@theme-original/AnnouncementBar'));

export default function AnnouncementBar(): ReactNode {
  // The original renders nothing without `themeConfig.announcementBar` (theme-classic 3.10.2).
  if (!useThemeConfig().announcementBar) return null;
  return (
    <Suspense fallback={null}>
      <OriginalAnnouncementBar />
    </Suspense>
  );
}
