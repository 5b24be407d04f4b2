// The search box's limits: query length, when to search, how many sections of a page to show.

export const MAX_QUERY_LENGTH = 512;
export const STALLED_SEARCH_DELAY_MS = 200;
const MAX_SECTIONS_PER_PAGE = 3;

/** Results are shown only when the trimmed query is longer than 1 character. */
export function shouldSearch(query: string | undefined | null): boolean {
  return (query ?? '').trim().length > 1;
}

/** The query as the box accepts it (the input's maxlength, enforced again for pasted values). */
export function clampQuery(query: string): string {
  return query.length > MAX_QUERY_LENGTH ? query.slice(0, MAX_QUERY_LENGTH) : query;
}

/** The page part of a hit's url: hits are grouped per page. */
export function pageOf(url: string): string {
  const hash = url.indexOf('#');
  return hash < 0 ? url : url.slice(0, hash);
}

export interface HitGroup<H> {
  page: string;
  hits: H[];
}

/** Groups hits by page in ranking order, keeping at most `max` sections of each page. */
export function groupHits<H extends { url: string }>(hits: readonly H[], max = MAX_SECTIONS_PER_PAGE): HitGroup<H>[] {
  const groups = new Map<string, HitGroup<H>>();
  for (const hit of hits) {
    const page = pageOf(hit.url);
    let group = groups.get(page);
    if (!group) {
      group = { page, hits: [] };
      groups.set(page, group);
    }
    if (group.hits.length < max) group.hits.push(hit);
  }
  return [...groups.values()];
}
