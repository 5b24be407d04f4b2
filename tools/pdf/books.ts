// The books, as the site links them (shared/books.ts: titles, files, the release): one per
// documentation section, the guides book under guides/ so the gate refuses it without a session.
import { BOOKS as SITE_BOOKS, BOOK_RELEASE, type BookSidebar } from '../../shared/books';

export type BookId = BookSidebar;

export interface BookSpec {
  id: BookId;
  /** The sidebar (content/sidebars/index.ts) whose pages are the chapters. */
  sidebar: BookId;
  title: string;
  /** The folder under the build the book is written to ('' for the root). */
  folder: string;
}

export const BOOKS: readonly BookSpec[] = SITE_BOOKS.map((b) => ({
  id: b.sidebar,
  sidebar: b.sidebar,
  title: b.title,
  folder: b.file.includes('/') ? b.file.slice(0, b.file.lastIndexOf('/')) : '',
}));

/** The book's path under the build, e.g. guides/veriq-guides-6.5.pdf */
export function bookPath(book: Pick<BookSpec, 'id' | 'folder'>, release: string): string {
  const name = `veriq-${book.id}-${release}.pdf`;
  return book.folder ? `${book.folder}/${name}` : name;
}

/** The site links the books of BOOK_RELEASE: the newest release notes must be that release. */
export function assertLinkedRelease(release: string): void {
  if (release !== BOOK_RELEASE) {
    throw new Error(
      `The newest release notes are for ${release}, but shared/books.ts links the ${BOOK_RELEASE} books: update BOOK_RELEASE.`,
    );
  }
}
