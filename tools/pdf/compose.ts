// One HTML document per book: cover, contents, then each page as a chapter. Pure string work, so
// the two print passes differ only in the contents' page numbers.
import type { CapturedChapter } from './capture';
import type { Chapter } from './sidebarChapters';

export interface BookMeta {
  /** e.g. "Installation and operations" */
  title: string;
  /** e.g. "6.5" */
  release: string;
  /** The build date, as the cover prints it. */
  date: Date;
  siteUrl: string;
  /** Root-relative URL of the site's built stylesheet. */
  stylesheet: string;
  /** The book's own stylesheet (book.css). */
  bookCss: string;
}

export interface BookChapter {
  chapter: Chapter;
  captured: CapturedChapter;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

export const chapterId = (slug: string): string => `chapter-${slug}`;

/** The PDF's title metadata and the document's <title>. */
export const documentTitle = (meta: Pick<BookMeta, 'title' | 'release'>): string =>
  `Veriq ${meta.release}: ${meta.title}`;

function formatDate(date: Date): string {
  return date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

function contents(chapters: readonly BookChapter[], pages: ReadonlyMap<string, number> | null): string {
  const rows: string[] = [];
  let group = '';
  for (const { chapter, captured } of chapters) {
    const label = chapter.categories.join(' › ');
    if (label !== group && label !== '') rows.push(`<li class="contents-group">${escapeHtml(label)}</li>`);
    group = label;
    const page = pages?.get(chapter.slug);
    rows.push(
      `<li class="contents-entry${label ? ' contents-entry--nested' : ''}"><a href="#${chapterId(chapter.slug)}">` +
        `<span class="contents-title">${escapeHtml(captured.title)}</span>` +
        `<span class="contents-page">${page === undefined ? '' : page}</span></a></li>`,
    );
  }
  return `<nav class="contents" aria-label="Contents"><p class="contents-heading">Contents</p><ol>${rows.join('')}</ol></nav>`;
}

/**
 * The book's HTML. `pages` maps chapter slugs to the page each starts on; null for the first
 * pass, whose contents leave the numbers out (the number column has a fixed width either way).
 */
export function composeBook(
  meta: BookMeta,
  chapters: readonly BookChapter[],
  pages: ReadonlyMap<string, number> | null,
): string {
  const cover =
    `<section class="cover"><p class="cover-product">Veriq documentation</p>` +
    `<p class="cover-title">${escapeHtml(meta.title)}</p>` +
    `<p class="cover-release">Veriq ${escapeHtml(meta.release)}</p>` +
    `<p class="cover-date">Built <time datetime="${meta.date.toISOString().slice(0, 10)}">${formatDate(meta.date)}</time></p>` +
    `<p class="cover-url">The latest version of these pages: <a href="${escapeHtml(meta.siteUrl)}">${escapeHtml(meta.siteUrl.replace(/^https?:\/\//, ''))}</a></p></section>`;
  const body = chapters
    .map(
      ({ chapter, captured }) =>
        `<article class="chapter markdown" data-chapter="${escapeHtml(chapter.slug)}">` +
        `<h1 id="${chapterId(chapter.slug)}">${escapeHtml(captured.title)}</h1>${captured.html}</article>`,
    )
    .join('\n');
  return [
    '<!DOCTYPE html>',
    '<html lang="en" dir="ltr" data-theme="light">',
    '<head><meta charset="utf-8">',
    `<title>${escapeHtml(documentTitle(meta))}</title>`,
    `<link rel="stylesheet" href="${escapeHtml(meta.stylesheet)}">`,
    `<style>${meta.bookCss}</style>`,
    '</head>',
    `<body class="pdf-book">${cover}${contents(chapters, pages)}<main>${body}</main></body>`,
    '</html>',
  ].join('\n');
}
