import React, { lazy, Suspense, type ReactNode } from 'react';
import type { Props } from '@theme/Details';

// MDXComponents imports the theme's Details (a collapsible <details>) statically for every doc
// page, and no page of this site uses <details>: it is loaded when a page has one instead
// (0.3 KiB gzip). Server rendering waits for it, so such a page's HTML is complete.
const OriginalDetails = lazy(() => import('@theme-original/Details'));

export default function Details(props: Props): ReactNode {
  return (
    <Suspense fallback={null}>
      <OriginalDetails {...props} />
    </Suspense>
  );
}
