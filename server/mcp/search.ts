// search_docs over the search modal's own indexes and ranking (src/search): the same records,
// the same MiniSearch options, the same "every word, else any word" rule and the same grouping of
// sections per page. Only the rendering differs (Markdown bold instead of <mark>).
import type MiniSearch from 'minisearch';
import { openSerializedIndex } from '../../shared/search/indexSchema.ts';
import type { SerializedIndex } from '../../shared/search/packedIndex.ts';
import { groupHits, MAX_QUERY_LENGTH, shouldSearch } from '../../shared/search/query.ts';
import { rankRequest, toResponse } from '../../shared/search/ranking.ts';
import type { SearchRecord } from '../../shared/search/records.ts';

export { MAX_QUERY_LENGTH };
export const DEFAULT_LIMIT = 10;
export const MAX_LIMIT = 50;
/** Every ranked section is grouped, as the modal does, before the limit cuts the pages. */
const RANKED_SECTIONS = 2000;

export interface SectionHit {
  /** The heading, or '' for the page's lead. */
  section: string;
  /** Permalink plus anchor. */
  url: string;
  /** Text around the matched words (empty for a guide without rights, or a heading-only match). */
  snippet: string;
}

export interface PageHit {
  title: string;
  category: string;
  permalink: string;
  sections: SectionHit[];
}

export type SearchIndex = MiniSearch<SearchRecord>;

export function openSearchIndex(serialized: SerializedIndex): SearchIndex {
  return openSerializedIndex(serialized);
}

/** Why a query cannot be run, phrased as what to do instead; null when it can. */
export function queryProblem(query: string): string | null {
  if (!shouldSearch(query))
    return 'The query is empty or one character long: give two or more characters, e.g. "backup restore".';
  if (query.length > MAX_QUERY_LENGTH)
    return `The query is ${query.length} characters long; the search box takes at most ${MAX_QUERY_LENGTH}. Give a few key words instead.`;
  return null;
}

/** Whether a record's sidebar category lies in `section` (a sidebar title or a category label). */
export function inSection(category: string, section: string): boolean {
  const wanted = section.trim().toLowerCase();
  const parts = category.toLowerCase().split(' › ');
  return parts.some((_, i) => parts.slice(0, i + 1).join(' › ') === wanted) || parts.includes(wanted);
}

/** The pages of the best `limit` hits, with up to three sections each, in the modal's order. */
export function searchPages(
  index: SearchIndex,
  query: string,
  options: { limit: number; section?: string; textOf: (url: string) => string | undefined },
): PageHit[] {
  const ranked = rankRequest(index, {
    indexName: 'docs',
    params: { query, page: 0, hitsPerPage: RANKED_SECTIONS, highlightPreTag: '**', highlightPostTag: '**' },
  });
  const section = options.section;
  const shown = section
    ? ranked.shown.filter((r) => inSection(String((r as unknown as SearchRecord).category), section))
    : ranked.shown;
  const hits = toResponse({ ...ranked, shown }, options.textOf).hits;
  return groupHits(hits)
    .slice(0, options.limit)
    .map((group) => ({
      title: group.hits[0].title,
      category: group.hits[0].category,
      permalink: group.page,
      sections: group.hits.map((hit) => ({
        section: hit.section,
        url: hit.url,
        snippet: (hit._snippetResult?.content?.value ?? '').replace(/\s+/g, ' ').trim(),
      })),
    }));
}
