import React, { lazy, Suspense, type ReactNode } from 'react';
import type { Props } from '@theme/Mermaid';
import { useLocation } from '@docusaurus/router';
import { useAuth } from '@site/src/auth/AuthProvider';
import { isGatedPath } from '@site/shared/guide-gate/rules';
import { useNearViewport } from '@site/src/components/useNearViewport';
import styles from './styles.module.css';

// MDXComponents imports @theme/Mermaid statically, so the Mermaid library (about 130 KiB gzip)
// rode in the chunk of every doc page, diagram or not. The original component is loaded lazily
// instead, and only when its diagram comes near the viewport, like a lazy image: a reader who
// never scrolls to a diagram never downloads or runs Mermaid. The original renders nothing on
// the server either (diagrams are drawn in the browser), so no HTML is lost.
const OriginalMermaid = lazy(() => import('@theme-original/Mermaid'));

export default function Mermaid(props: Props): ReactNode {
  const [ref, near] = useNearViewport();
  const { loggedIn } = useAuth();
  const { pathname } = useLocation();
  // A logged-out reader of a /guides page gets the access modal over a hidden article (which
  // still "intersects"): drawing its diagrams would only cost them Mermaid. Until the session is
  // known (loggedIn null) the diagram waits too; it loads as soon as the reader is signed in.
  const draw = near && (loggedIn === true || !isGatedPath(pathname));
  return (
    <div ref={ref} className={draw ? undefined : styles.placeholder} data-diagram={draw ? 'loaded' : 'pending'}>
      {draw && (
        <Suspense fallback={null}>
          <OriginalMermaid {...props} />
        </Suspense>
      )}
    </div>
  );
}
