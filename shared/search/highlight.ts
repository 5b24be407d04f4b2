// Highlighting and snippets for the embedded backend, in the shape InstantSearch reads
// (`_highlightResult` / `_snippetResult`, the same the Typesense adapter produces).

import type { HighlightValue, MatchLevel, SnippetValue } from './records.ts';

export interface Tags {
  pre: string;
  post: string;
}

export const MARK: Tags = { pre: '<mark>', post: '</mark>' };

/**
 * Word separators of the index and of highlighting: spaces, punctuation and symbols
 * (MiniSearch's default without symbols would make `<name>` or `a=b` one word).
 */
const WORD_SEPARATOR = /[\n\r\p{Z}\p{P}\p{S}]+/u;
const SEPARATOR = new RegExp(`(${WORD_SEPARATOR.source})`, 'u');

export function tokenize(text: string): string[] {
  return text.split(WORD_SEPARATOR).filter(Boolean);
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

const NEEDS_ESCAPE = /[&<>"']/;

export function escapeHtml(text: string): string {
  // Called for every word of every highlighted field; nearly all have nothing to escape.
  return NEEDS_ESCAPE.test(text) ? text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c) : text;
}

/** Splits text into alternating [word, separator, word, ...] parts (words at even indices). */
function tokens(text: string): string[] {
  return text.split(SEPARATOR);
}

function level(matched: number, total: number): MatchLevel {
  if (matched === 0) return 'none';
  return matched >= total ? 'full' : 'partial';
}

/**
 * HTML tags (`<mark>`) mean the value will be inserted as HTML, so the text is escaped first.
 * Placeholder tags (InstantSearch's `__ais-highlight__`) mean the components parse the value and
 * render text nodes themselves: the text stays raw then, exactly as Typesense returns it.
 */
function escaperFor(tags: Tags): (text: string) => string {
  return tags.pre.startsWith('<') ? escapeHtml : (text) => text;
}

/** Wraps the words of `text` whose lower-case form is one of `terms` (index terms) in the tags. */
export function highlight(
  text: string,
  terms: ReadonlySet<string>,
  queryTermCount: number,
  tags: Tags = MARK,
): HighlightValue {
  const escape = escaperFor(tags);
  // Most fields of most hits contain none of the terms: a substring test settles those without
  // splitting the text into words (the costly part of formatting twenty hits per keystroke).
  const lowerText = text.toLowerCase();
  let present = false;
  for (const term of terms) {
    if (lowerText.includes(term)) {
      present = true;
      break;
    }
  }
  if (!present) return { value: escape(text), matchLevel: 'none', matchedWords: [] };
  const matchedWords = new Set<string>();
  const value = tokens(text)
    .map((part, i) => {
      if (i % 2 === 1 || part === '') return escape(part);
      const lower = part.toLowerCase();
      if (!terms.has(lower)) return escape(part);
      matchedWords.add(lower);
      return `${tags.pre}${escape(part)}${tags.post}`;
    })
    .join('');
  return { value, matchLevel: level(matchedWords.size, Math.max(1, queryTermCount)), matchedWords: [...matchedWords] };
}

const WORD = new RegExp(`[^${WORD_SEPARATOR.source.slice(1, -2)}]+`, 'gu');

/**
 * A window of about `size` words around the first matched word of `text` (else its start),
 * highlighted, with an ellipsis where cut. Words are scanned only up to the window's end: sections
 * run to thousands of words and a query formats twenty of them per keystroke.
 */
export function snippet(
  text: string,
  terms: ReadonlySet<string>,
  queryTermCount: number,
  tags: Tags = MARK,
  size = 30,
): SnippetValue {
  const starts: number[] = [];
  const ends: number[] = [];
  let first = -1;
  let reachedEnd = true;
  WORD.lastIndex = 0;
  for (let m = WORD.exec(text); m; m = WORD.exec(text)) {
    if (first < 0 && terms.has(m[0].toLowerCase())) first = starts.length;
    starts.push(m.index);
    ends.push(m.index + m[0].length);
    const enough = first < 0 ? starts.length >= size && terms.size === 0 : starts.length >= first + size;
    if (enough) {
      reachedEnd = WORD.exec(text) === null;
      break;
    }
  }
  const words = reachedEnd ? starts.length : Number.POSITIVE_INFINITY;
  if (starts.length === 0) return { value: '', matchLevel: 'none' };
  const startWord = first < 0 ? 0 : Math.max(0, Math.min(first - Math.floor(size / 4), words - size));
  const endWord = Math.min(starts.length, startWord + size);
  const h = highlight(text.slice(starts[startWord], ends[endWord - 1]), terms, queryTermCount, tags);
  const value = `${startWord > 0 ? '… ' : ''}${h.value}${endWord < words ? ' …' : ''}`;
  return { value, matchLevel: h.matchLevel };
}
