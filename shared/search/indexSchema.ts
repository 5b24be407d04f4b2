// The embedded index's schema: which fields are indexed, stored and boosted, how text becomes
// terms, and how a packed index (packedIndex.ts) is opened. Shared by the build (which indexes
// the records) and the browser (which opens the result), so both read text the same way.

import MiniSearch, { type Options } from 'minisearch';
import type { SearchRecord } from './records.ts';
import { tokenize } from './highlight.ts';
import {
  decodePostingMaps,
  nextTask,
  unpackHeader,
  unpackIndex,
  unpackIndexAsync,
  type PackedIndex,
  type SerializedIndex,
} from './packedIndex.ts';

const INDEXED_FIELDS = ['title', 'section', 'category', 'content'] as const;
/** Content is not stored: it lives in per-page files (see packedIndex.ts). */
const STORED_FIELDS = ['title', 'section', 'category', 'url'] as const;
const BOOST = { title: 3, section: 2, category: 1 } as const;

/**
 * Words too common to tell sections apart. The commonest sit in most of the 2,000 sections:
 * indexing them cost a tenth of the index, and a query containing one scored most of the site.
 */
const STOP_WORDS: ReadonlySet<string> = new Set(
  'a an and are as at be but by can do does for from has have if in into is it its of on or s so such t than that the their then there these this to was were when which will with you your'.split(
    ' ',
  ),
);

function processTerm(term: string): string | null {
  const lower = term.toLowerCase();
  return STOP_WORDS.has(lower) ? null : lower;
}

const INDEX_OPTIONS: Options<SearchRecord> = {
  idField: 'id',
  fields: [...INDEXED_FIELDS],
  storeFields: [...STORED_FIELDS],
  tokenize,
  processTerm,
  searchOptions: {
    boost: { ...BOOST },
    // Search as you type: only the word being typed (the last) needs prefix matching; the
    // finished words before it match whole, which keeps the candidate set small.
    prefix: (_term: string, i: number, terms: string[]) => i === terms.length - 1,
    // Typos are tolerated where they are likely and cheap to look up: words of four or more
    // letters, at most two edits (a 0.2 ratio alone allows more on long words).
    fuzzy: (term: string) => (term.length >= 4 ? 0.2 : false),
    maxFuzzy: 2,
  },
};

/** Indexes records (at build time, and in tests). */
export function createIndex(records: readonly SearchRecord[]): MiniSearch<SearchRecord> {
  const index = new MiniSearch<SearchRecord>(INDEX_OPTIONS);
  index.addAll(records);
  return index;
}

/** An index shipped to the browser, ready to search, with where each page's text lives. */
export interface OpenedIndex {
  index: MiniSearch<SearchRecord>;
  /** Permalink -> content file path (relative to the base URL); absent for a page without one. */
  contentFiles: ReadonlyMap<string, string>;
}

/**
 * Opens MiniSearch's own serialized form of an index. The MCP server (server/mcp) keeps its indexes
 * so: unpacking costs seconds of CPU that an edge request does not have, and it downloads nothing.
 */
export function openSerializedIndex(serialized: SerializedIndex): MiniSearch<SearchRecord> {
  return MiniSearch.loadJS<SearchRecord>(serialized, INDEX_OPTIONS);
}

/** Opens a packed index; the browser uses `openIndexAsync`, which yields to input while decoding. */
export function openIndex(packed: PackedIndex): OpenedIndex {
  return {
    index: MiniSearch.loadJS<SearchRecord>(unpackIndex(packed), INDEX_OPTIONS),
    contentFiles: contentFiles(packed),
  };
}

/** MiniSearch's term index: what `MiniSearch.loadJS` fills, term by term, with `set`. */
interface TermIndex {
  set(term: string, postings: Map<number, Map<number, number>>): unknown;
}

/** The term index of an instance, when this MiniSearch keeps it where 7.x does. */
function termIndexOf(index: MiniSearch<SearchRecord>): TermIndex | null {
  const terms = (index as unknown as { _index?: Partial<TermIndex> })._index;
  return typeof terms?.set === 'function' ? (terms as TermIndex) : null;
}

const now = () => performance.now();

/** How long one slice of the browser's index opening may run before it yields to input. */
const SLICE_MS = 8;

/**
 * Opens a packed index in the browser, yielding to input every few milliseconds: the postings go
 * straight into MiniSearch's Maps, term by term, instead of `loadJS`'s one long task; `loadJS` is
 * the fallback. Why, measured: maintainers/decisions/2026-11-27-search-index-and-keys.md
 */
export async function openIndexAsync(
  packed: PackedIndex,
  { sliceMs = SLICE_MS, pause = nextTask }: { sliceMs?: number; pause?: () => Promise<void> } = {},
): Promise<OpenedIndex> {
  const index = MiniSearch.loadJS<SearchRecord>({ ...unpackHeader(packed), index: [] }, INDEX_OPTIONS);
  const terms = termIndexOf(index);
  if (!terms) {
    return {
      index: MiniSearch.loadJS<SearchRecord>(await unpackIndexAsync(packed), INDEX_OPTIONS),
      contentFiles: contentFiles(packed),
    };
  }
  let sliceStart = now();
  for (let i = 0; i < packed.terms.length; i++) {
    terms.set(packed.terms[i], decodePostingMaps(packed.postings[i]));
    if (now() - sliceStart >= sliceMs) {
      await pause();
      sliceStart = now();
    }
  }
  return { index, contentFiles: contentFiles(packed) };
}

function contentFiles(packed: PackedIndex): ReadonlyMap<string, string> {
  // A page whose text the index's readers may not see (a guide, in the public index) has none.
  return new Map(packed.pages.filter((page) => page.content !== '').map((page) => [page.permalink, page.content]));
}
