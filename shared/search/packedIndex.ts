// The embedded index as shipped to the browser: MiniSearch's own serialized index (toJSON),
// packed losslessly (delta-encoded base-36 posting lists, stored fields in a page table), with the
// section texts moved out into per-page files fetched only when a hit from that page is shown.
// Why, with the sizes: maintainers/decisions/2026-11-27-search-index-and-keys.md

import type MiniSearch from 'minisearch';
import { pageOf } from './query.ts';
import type { SearchRecord } from './records.ts';

/** MiniSearch's serialized form (the argument of `MiniSearch.loadJS`). */
export type SerializedIndex = Parameters<typeof MiniSearch.loadJS>[0];

/** The fields a hit needs before its content arrives. */
export type StoredRecord = Omit<SearchRecord, 'id' | 'content'>;

const PACKED_INDEX_VERSION = 1;

export interface PackedPage {
  title: string;
  permalink: string;
  /** Index into `categories`. */
  category: number;
  /** Path of the page's content file, relative to the site's base URL. */
  content: string;
}

export interface PackedIndex {
  version: typeof PACKED_INDEX_VERSION;
  pages: PackedPage[];
  categories: string[];
  /** Per document, in short-id order: [page index, section heading, heading anchor ('' for the lead)]. */
  docs: [number, string, string][];
  fieldIds: Record<string, number>;
  /** Per document, its field lengths in `fieldIds` order. */
  fieldLength: number[][];
  averageFieldLength: number[];
  terms: string[];
  /** Per term: `field:postings` parts joined by ';'; postings are comma-separated base-36 short-id deltas, `*tf` when tf > 1. */
  postings: string[];
}

/** The content file of one page: section url -> section text. */
export type PageContent = Record<string, string>;

const FIELD_SEP = ';';

function encodePostings(entry: Record<string, Record<string, number>>): string {
  return Object.entries(entry)
    .map(([fieldId, freqs]) => {
      let previous = 0;
      const ids = Object.keys(freqs)
        .map(Number)
        .sort((a, b) => a - b);
      const parts = ids.map((id) => {
        const delta = (id - previous).toString(36);
        previous = id;
        const tf = freqs[id];
        return tf === 1 ? delta : `${delta}*${tf.toString(36)}`;
      });
      return `${fieldId}:${parts.join(',')}`;
    })
    .join(FIELD_SEP);
}

const COMMA = 44;
const STAR = 42;
const SEMICOLON = 59;
/** A base-36 digit's value ('0'-'9', 'a'-'z': what Number#toString(36) writes). */
const digit = (code: number) => (code < 58 ? code - 48 : code - 87);

/**
 * One term's postings as MiniSearch keeps them in memory: field id -> document short id -> term
 * frequency. Read character by character: the postings are most of the index, and splitting
 * them into strings first would allocate one per document.
 */
export function decodePostingMaps(packed: string): Map<number, Map<number, number>> {
  const entry = new Map<number, Map<number, number>>();
  const end = packed.length;
  let i = 0;
  while (i < end) {
    const colon = packed.indexOf(':', i);
    const freqs = new Map<number, number>();
    entry.set(Number(packed.slice(i, colon)), freqs);
    i = colon + 1;
    let id = 0;
    let code: number;
    do {
      let delta = 0;
      for (code = packed.charCodeAt(i); i < end && code !== COMMA && code !== STAR && code !== SEMICOLON;) {
        delta = delta * 36 + digit(code);
        code = packed.charCodeAt(++i);
      }
      id += delta;
      let tf = 1;
      if (code === STAR) {
        tf = 0;
        for (code = packed.charCodeAt(++i); i < end && code !== COMMA && code !== SEMICOLON;) {
          tf = tf * 36 + digit(code);
          code = packed.charCodeAt(++i);
        }
      }
      freqs.set(id, tf);
      i++;
    } while (code === COMMA);
  }
  return entry;
}

/** One term's postings in MiniSearch's serialized form: the same maps as objects. */
function decodePostings(packed: string): Record<string, Record<string, number>> {
  return Object.fromEntries(
    Array.from(decodePostingMaps(packed), ([field, freqs]) => [field, Object.fromEntries(freqs)]),
  );
}

function splitUrl(url: string): { permalink: string; anchor: string } {
  const hash = url.indexOf('#');
  return hash < 0 ? { permalink: url, anchor: '' } : { permalink: url.slice(0, hash), anchor: url.slice(hash + 1) };
}

/**
 * Packs a serialized index whose stored fields are `StoredRecord`s and whose document ids are
 * the records' urls. `contentPath` names each page's content file.
 */
export function packIndex(js: SerializedIndex, contentPath: (permalink: string) => string): PackedIndex {
  const pages: PackedPage[] = [];
  const pageIndex = new Map<string, number>();
  const categories: string[] = [];
  const categoryIndex = new Map<string, number>();
  const docs: PackedIndex['docs'] = [];
  const fieldLength: number[][] = [];
  const shortIds = Object.keys(js.documentIds)
    .map(Number)
    .sort((a, b) => a - b);
  shortIds.forEach((shortId, position) => {
    if (shortId !== position)
      throw new Error(`packIndex: document ids must be 0..n-1 (found ${shortId} at ${position}); pack a fresh index`);
    const stored = js.storedFields[shortId] as StoredRecord;
    const { permalink, anchor } = splitUrl(stored.url);
    if (js.documentIds[shortId] !== stored.url)
      throw new Error(`packIndex: document ${shortId} has id ${String(js.documentIds[shortId])}, not its url`);
    let category = categoryIndex.get(stored.category);
    if (category === undefined) {
      category = categories.push(stored.category) - 1;
      categoryIndex.set(stored.category, category);
    }
    let page = pageIndex.get(permalink);
    if (page === undefined) {
      page = pages.push({ title: stored.title, permalink, category, content: contentPath(permalink) }) - 1;
      pageIndex.set(permalink, page);
    }
    const known = pages[page];
    if (known.title !== stored.title || known.category !== category)
      throw new Error(`packIndex: sections of ${permalink} disagree on title or category`);
    docs.push([page, stored.section, anchor]);
    fieldLength.push(js.fieldLength[shortId]);
  });
  return {
    version: PACKED_INDEX_VERSION,
    pages,
    categories,
    docs,
    fieldIds: js.fieldIds,
    fieldLength,
    averageFieldLength: js.averageFieldLength,
    terms: js.index.map(([term]) => term),
    postings: js.index.map(([, entry]) => encodePostings(entry as Record<string, Record<string, number>>)),
  };
}

/** The stored fields of one packed document. */
function storedRecord(packed: PackedIndex, doc: PackedIndex['docs'][number]): StoredRecord {
  const [pageId, section, anchor] = doc;
  const page = packed.pages[pageId];
  return {
    title: page.title,
    section,
    category: packed.categories[page.category],
    url: anchor ? `${page.permalink}#${anchor}` : page.permalink,
  };
}

type IndexEntry = SerializedIndex['index'][number];

/** Everything but the term index, which is the costly part (decoded by `decodeTerms`). */
export function unpackHeader(packed: PackedIndex): Omit<SerializedIndex, 'index'> {
  if (packed.version !== PACKED_INDEX_VERSION)
    throw new Error(
      `search index version ${String(packed.version)} is not ${String(PACKED_INDEX_VERSION)}: rebuild the site`,
    );
  const documentIds: Record<string, string> = {};
  const storedFields: Record<string, StoredRecord> = {};
  const fieldLength: Record<string, number[]> = {};
  packed.docs.forEach((doc, shortId) => {
    const stored = storedRecord(packed, doc);
    documentIds[shortId] = stored.url;
    storedFields[shortId] = stored;
    fieldLength[shortId] = packed.fieldLength[shortId];
  });
  return {
    documentCount: packed.docs.length,
    nextId: packed.docs.length,
    documentIds,
    fieldIds: packed.fieldIds,
    fieldLength,
    averageFieldLength: packed.averageFieldLength,
    storedFields,
    dirtCount: 0,
    serializationVersion: 2,
  };
}

function* decodeTerms(packed: PackedIndex): Generator<IndexEntry> {
  for (let i = 0; i < packed.terms.length; i++) yield [packed.terms[i], decodePostings(packed.postings[i])];
}

/** Restores MiniSearch's serialized form from a packed index. */
export function unpackIndex(packed: PackedIndex): SerializedIndex {
  return { ...unpackHeader(packed), index: [...decodeTerms(packed)] };
}

/** Resolves in a task of its own: what the sliced decoders await between slices. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Terms decoded between two yields to the event loop. */
const TERMS_PER_SLICE = 2500;

/**
 * `unpackIndex` in slices, yielding between them: decoding all terms at once is a long task
 * (about 150 ms here; four slices of about 40) that would hold up the reader's typing in the
 * box that asked for it.
 */
export async function unpackIndexAsync(
  packed: PackedIndex,
  { slice = TERMS_PER_SLICE, pause = nextTask }: { slice?: number; pause?: () => Promise<void> } = {},
): Promise<SerializedIndex> {
  const header = unpackHeader(packed);
  const index: IndexEntry[] = [];
  for (const entry of decodeTerms(packed)) {
    if (index.push(entry) % slice === 0) await pause();
  }
  return { ...header, index };
}

/** Groups records' texts into one content file per page. */
export function pageContents(records: readonly SearchRecord[]): Map<string, PageContent> {
  const byPage = new Map<string, PageContent>();
  for (const record of records) {
    const permalink = pageOf(record.url);
    const content = byPage.get(permalink) ?? {};
    content[record.url] = record.content;
    byPage.set(permalink, content);
  }
  return byPage;
}
