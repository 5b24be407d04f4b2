// The PDF books, one per section: what `npm run pdf` writes into the build (tools/pdf) and what
// the landing pages and page actions link. A book lives beside the pages it holds, so the guides
// book sits under /guides/ and the gate serves it like a guide's Markdown twin. No imports: the
// gate's tests read this module on Deno too.

/** The product release the books document; part of each book's file name. */
export const BOOK_RELEASE = '6.5';

/** The sidebars that have a book. The restricted sidebar has none. */
export const BOOK_SIDEBARS = ['install', 'guides', 'releases'] as const;
export type BookSidebar = (typeof BOOK_SIDEBARS)[number];

export interface Book {
  sidebar: BookSidebar;
  /** The book's title on its cover and in its metadata. */
  title: string;
  /** Its file name: `veriq-<section>-<release>.pdf`. */
  fileName: string;
  /** Its path in the build folder, without a leading slash (`guides/veriq-guides-6.5.pdf`). */
  file: string;
  /** Its URL on the site, from the root (`/guides/veriq-guides-6.5.pdf`). */
  url: string;
  /** The section's landing page, which links the book. */
  home: string;
}

const TITLES: Record<BookSidebar, string> = {
  install: 'Installation and operations',
  guides: 'Guides',
  releases: 'Release notes',
};

// The navbar's targets; the releases home is the latest release's notes, not the sidebar's first page.
const HOMES: Record<BookSidebar, string> = {
  install: '/',
  guides: '/guides/concept',
  releases: '/releases/2025-03',
};

function book(sidebar: BookSidebar): Book {
  const fileName = `veriq-${sidebar}-${BOOK_RELEASE}.pdf`;
  const file = sidebar === 'guides' ? `guides/${fileName}` : fileName;
  return { sidebar, title: TITLES[sidebar], fileName, file, url: `/${file}`, home: HOMES[sidebar] };
}

/** Every book, in the order of the navbar's sections. */
export const BOOKS: readonly Book[] = BOOK_SIDEBARS.map(book);

export function isBookSidebar(sidebar: string | undefined): sidebar is BookSidebar {
  return (BOOK_SIDEBARS as readonly (string | undefined)[]).includes(sidebar);
}

/** The book of a sidebar, or null for a sidebar without one (restricted) or a page in none. */
export function bookOf(sidebar: string | undefined): Book | null {
  return isBookSidebar(sidebar) ? book(sidebar) : null;
}

/** The URL of a sidebar's book (`/veriq-install-6.5.pdf`), or null when it has none. */
export function bookUrl(sidebar: string | undefined): string | null {
  return bookOf(sidebar)?.url ?? null;
}
