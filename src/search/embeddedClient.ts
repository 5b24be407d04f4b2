// The embedded backend: MiniSearch 7 over the site's records, in the browser, exposed as an
// InstantSearch search client (instantsearch.ts). The index is built at build time and shipped
// packed (packedIndex.ts, opened by indexSchema.ts); section texts come per page.

import type { PackedIndex, PageContent } from '../../shared/search/packedIndex';
import { openIndexAsync, type OpenedIndex } from '../../shared/search/indexSchema';
import type { SearchClient } from '../../shared/search/instantsearch';
import { rankRequest, toResponse, type ContentLookup } from '../../shared/search/ranking';
import { pageOf } from '../../shared/search/query';

export interface EmbeddedSource {
  /** The packed index (a content-hashed chunk, or the guides index file for a signed-in reader). */
  loadIndex(): Promise<PackedIndex>;
  /** One page's content file, by its path in the index. */
  loadContent(path: string): Promise<PageContent>;
}

/**
 * A search client over an index loaded on demand (first search or `warm()`; a failed load is
 * retried). Each hit's page text is fetched once per page before the response; a page whose text
 * cannot be fetched is shown without a snippet, never failing the whole search.
 */
export function createEmbeddedClient(source: EmbeddedSource): SearchClient & { warm(): Promise<unknown> } {
  let opened: Promise<OpenedIndex> | null = null;
  const contents = new Map<string, Promise<PageContent | null>>();
  const ready = () => {
    opened ??= source.loadIndex().then(openIndexAsync, (error: unknown) => {
      opened = null;
      throw error;
    });
    return opened;
  };
  const content = (path: string) => {
    let pending = contents.get(path);
    if (!pending) {
      pending = source.loadContent(path).catch((error: unknown) => {
        contents.delete(path);
        console.warn(`Search: the text of ${path} could not be loaded, so its hits have no snippet.`, error);
        return null;
      });
      contents.set(path, pending);
    }
    return pending;
  };
  return {
    warm: () => ready().catch(() => undefined),
    async search(requests) {
      const { index, contentFiles } = await ready();
      const ranked = requests.map((request) => rankRequest(index, request));
      const paths = new Set<string>();
      for (const r of ranked)
        for (const hit of r.shown) {
          const path = contentFiles.get(pageOf(String(hit.id)));
          if (path) paths.add(path);
        }
      const loaded = new Map<string, PageContent | null>();
      await Promise.all([...paths].map(async (path) => loaded.set(path, await content(path))));
      const contentOf: ContentLookup = (url) => {
        const path = contentFiles.get(pageOf(url));
        return path ? loaded.get(path)?.[url] : undefined;
      };
      return { results: ranked.map((r) => toResponse(r, contentOf)) };
    },
  };
}
