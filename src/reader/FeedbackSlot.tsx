import React, { lazy, Suspense, type ReactNode } from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { useDoc } from '@docusaurus/plugin-content-docs/client';
import { useNearViewport } from '@site/src/components/useNearViewport';
import styles from './styles.module.css';

// The widget is loaded when the end of the page comes near, so it costs no page's first load.
const PageFeedback = lazy(() => import('./PageFeedback'));

/**
 * Where the page feedback question goes, at the end of each doc page. Answers go to the tag
 * manager, so without one (no GTM_CONTAINER_ID at build time) there is no question at all.
 */
export default function FeedbackSlot(): ReactNode {
  const enabled = useDocusaurusContext().siteConfig.customFields?.pageFeedback === true;
  const { permalink } = useDoc().metadata;
  const [ref, near] = useNearViewport();
  if (!enabled) return null;
  return (
    <div ref={ref} className={styles.feedbackSlot}>
      {near && (
        <Suspense fallback={null}>
          <PageFeedback key={permalink} pagePath={permalink} />
        </Suspense>
      )}
    </div>
  );
}
