import React, { type ReactNode } from 'react';
import Head from '@docusaurus/Head';
import { useDoc } from '@docusaurus/plugin-content-docs/client';
import PageActions from './PageActions';
import BookHomeLink from './BookHomeLink';
import { bookOf } from '../../shared/books';
import { RELEASES_FEED_PATH, RELEASES_PREFIX, twinPath } from '../../shared/routing/twin';
import styles from './styles.module.css';

/**
 * The top row of a doc page: the breadcrumbs it wraps and the page actions, then on a section's
 * landing page its PDF book; and in the head, the page's Markdown twin (and, on release pages,
 * the releases feed) as alternates.
 */
export default function PageHeader({ children }: { children: ReactNode }): ReactNode {
  const { permalink, sidebar } = useDoc().metadata;
  const twin = twinPath(permalink);
  const book = bookOf(sidebar);
  return (
    <>
      <Head>
        <link rel="alternate" type="text/markdown" href={twin} />
        {permalink.startsWith(RELEASES_PREFIX) && (
          <link rel="alternate" type="application/atom+xml" title="Veriq release notes" href={RELEASES_FEED_PATH} />
        )}
      </Head>
      <div className={styles.header}>
        <div className={styles.breadcrumbs}>{children}</div>
        <PageActions twin={twin} book={book} />
      </div>
      {book && <BookHomeLink book={book} permalink={permalink} />}
    </>
  );
}
