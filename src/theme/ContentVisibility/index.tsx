import React, { lazy, Suspense, type ReactNode } from 'react';
import type { Props } from '@theme/ContentVisibility';

// The theme's unlisted and draft banners, loaded only for a page that shows one: the production
// build has no draft pages and this site no unlisted ones, so their code and texts (about
// 0.4 KiB gzip) stay out of every doc page's first load. Server rendering waits for them, so an
// unlisted page's HTML has its banner.
const OriginalContentVisibility = lazy(() => import('@theme-original/ContentVisibility'));

export default function ContentVisibility(props: Props): ReactNode {
  // The original's own conditions, copied from theme-classic 3.10.2 (framework/README.md lists this
  // wrapper among the replacements an upgrade reviews).
  const { unlisted, frontMatter } = props.metadata;
  if (!unlisted && !frontMatter.unlisted && !frontMatter.draft) return null;
  return (
    <Suspense fallback={null}>
      <OriginalContentVisibility {...props} />
    </Suspense>
  );
}
