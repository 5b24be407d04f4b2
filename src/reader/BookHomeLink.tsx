import React, { type ReactNode } from 'react';
import Link from '@docusaurus/Link';
import { BOOK_RELEASE, type Book } from '../../shared/books';
import styles from './styles.module.css';

/** On a section's landing page (`/`, `/guides/concept`, `/releases/2025-03`), its PDF book. */
export default function BookHomeLink({ book, permalink }: { book: Book; permalink: string }): ReactNode {
  if (book.home !== permalink) return null;
  return (
    <p className={styles.book}>
      {/* pathname:// makes a plain link: the book is a file, not a route of the app. */}
      <Link to={`pathname://${book.url}`} target="_self" rel={undefined} type="application/pdf">
        Download this section as PDF
      </Link>{' '}
      <span className={styles.bookFile}>
        ({book.title}, release {BOOK_RELEASE}: {book.fileName})
      </span>
    </p>
  );
}
