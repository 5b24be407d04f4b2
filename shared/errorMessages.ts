// The error-message index that plugins/error-messages builds from the docs' troubleshooting
// tables at build time, and the filtering the page applies to it in the browser. Pure: no React,
// no Docusaurus state, so tests/unit/error-messages.test.ts covers it directly.

/**
 * One run of inline text from a table cell: `t` is plain text, `c` inline code, `b` bold (a UI
 * label). One-letter keys keep the generated JSON, which ships with the page, small.
 */
export interface Inline {
  k: 't' | 'c' | 'b';
  v: string;
}

/** One table row: the message and what the page says about it. */
export interface ErrorMessageRow {
  message: Inline[];
  cause: Inline[];
  fix: Inline[];
  /** Text of the heading the table sits under (empty when the table precedes every heading). */
  section: string;
  /** That heading's anchor, as Docusaurus renders it (empty: link to the page itself). */
  anchor: string;
}

/** The rows one page documents, in the order they appear on it. */
export interface ErrorMessagePage {
  title: string;
  permalink: string;
  /** Sidebar category path, e.g. "Guides › Connections". */
  category: string;
  rows: ErrorMessageRow[];
}

export interface ErrorMessagesData {
  /** Number of rows over all pages. */
  total: number;
  pages: ErrorMessagePage[];
}

/** Plain text of some inline runs. */
export function inlineText(runs: readonly Inline[]): string {
  return runs.map((r) => r.v).join('');
}

/** Lower case, typographic quotes and dashes folded, whitespace collapsed. */
export function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019\u201b]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The words a query is made of; a quoted part ("no driver") stays one term. */
export function queryTerms(query: string): string[] {
  const terms: string[] = [];
  const pattern = /"([^"]+)"|(\S+)/g;
  for (const match of normalise(query).matchAll(pattern)) {
    const term = (match[1] ?? match[2] ?? '').trim();
    if (term) terms.push(term);
  }
  return terms;
}

function rowHaystack(page: ErrorMessagePage, row: ErrorMessageRow): string {
  return normalise(
    [inlineText(row.message), inlineText(row.cause), inlineText(row.fix), row.section, page.title].join(' \n '),
  );
}

export interface FilterResult {
  pages: ErrorMessagePage[];
  /** Rows shown. */
  count: number;
}

/**
 * Keeps the rows in which every term of the query occurs (in the message, cause, fix, section or
 * page title), and the pages that still have rows. An empty query keeps everything.
 */
export function filterErrorMessages(data: ErrorMessagesData, query: string): FilterResult {
  const terms = queryTerms(query);
  if (terms.length === 0) return { pages: data.pages, count: data.total };
  const pages: ErrorMessagePage[] = [];
  let count = 0;
  for (const page of data.pages) {
    const rows = page.rows.filter((row) => {
      const haystack = rowHaystack(page, row);
      return terms.every((term) => haystack.includes(term));
    });
    if (rows.length > 0) {
      pages.push({ ...page, rows });
      count += rows.length;
    }
  }
  return { pages, count };
}

/** "1 message" / "12 messages". */
export function plural(n: number, word: string): string {
  return `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
}
