// The built data the tools read, loaded and opened once per isolate (or process) on first use:
// the public files for every caller, the guide files only when a caller with rights asks.
import {
  dataLoader,
  MCP_FILES,
  type McpSite,
  type SerializedIndex,
  type ReadBuiltFile,
  type SectionTexts,
  type Twins,
} from './data.ts';
import { openSearchIndex, type SearchIndex } from './search.ts';

export interface SiteReader {
  site(): Promise<McpSite>;
  index(rights: boolean): Promise<SearchIndex>;
  texts(rights: boolean): Promise<SectionTexts>;
  /** A page's twin; a guide's only with `rights` (null otherwise, or when the page has none). */
  twin(permalink: string, rights: boolean): Promise<string | null>;
}

export function siteReader(read: ReadBuiltFile): SiteReader {
  const load = dataLoader(read);
  const opened = new Map<string, Promise<SearchIndex>>();
  const openOnce = (file: typeof MCP_FILES.publicIndex | typeof MCP_FILES.guidesIndex) => {
    let pending = opened.get(file);
    if (!pending) {
      pending = load<SerializedIndex>(file).then(openSearchIndex);
      pending.catch(() => opened.delete(file));
      opened.set(file, pending);
    }
    return pending;
  };
  let allTexts: Promise<SectionTexts> | null = null;
  return {
    site: () => load<McpSite>(MCP_FILES.site),
    index: (rights) => openOnce(rights ? MCP_FILES.guidesIndex : MCP_FILES.publicIndex),
    texts(rights) {
      if (!rights) return load<SectionTexts>(MCP_FILES.publicTexts);
      allTexts ??= Promise.all([
        load<SectionTexts>(MCP_FILES.publicTexts),
        load<SectionTexts>(MCP_FILES.guideTexts),
      ]).then(
        ([publicTexts, guideTexts]) => ({ ...publicTexts, ...guideTexts }),
        (error: unknown) => {
          allTexts = null;
          throw error;
        },
      );
      return allTexts;
    },
    async twin(permalink, rights) {
      const publicTwin = (await load<Twins>(MCP_FILES.publicTwins))[permalink];
      if (publicTwin !== undefined) return publicTwin;
      if (!rights) return null;
      return (await load<Twins>(MCP_FILES.guideTwins))[permalink] ?? null;
    },
  };
}
