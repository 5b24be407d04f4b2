import React, { lazy, Suspense, type ReactNode } from 'react';
import type { Props } from '@theme/DocVersionBanner';
import { useDocsVersion } from '@docusaurus/plugin-content-docs/client';

// The theme's banner renders only on a version with a banner (an unreleased or an older one);
// this site documents one version, without one. Its code (about 0.5 KiB gzip, with the
// version-suggestion hooks) is loaded when a version has a banner instead of riding in every doc
// page's first load. Server rendering waits for it, so such a page's HTML has the banner.
const OriginalBanner = lazy(() => import('@theme-original/DocVersionBanner'));

export default function DocVersionBanner(props: Props): ReactNode {
  // The original's own condition, copied from theme-classic 3.10.2 (framework/README.md lists this
  // wrapper among the replacements an upgrade reviews).
  const { banner } = useDocsVersion();
  if (!banner) return null;
  return (
    <Suspense fallback={null}>
      <OriginalBanner {...props} />
    </Suspense>
  );
}
