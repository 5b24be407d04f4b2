import React, { lazy, Suspense, type ReactNode } from 'react';
import type { Props } from '@theme/NotFound/Content';

// The docs layout (DocRoot) imports this component statically for a path that matches no doc,
// so it rode in every doc page's first load (0.6 KiB gzip). Its text is loaded when a page is
// not found instead; server rendering waits for it, so the not-found page's HTML is complete.
const NotFoundDirections = lazy(() => import('@site/src/components/NotFound/NotFoundDirections'));

export default function NotFoundContent(props: Props): ReactNode {
  return (
    <Suspense fallback={null}>
      <NotFoundDirections {...props} />
    </Suspense>
  );
}
