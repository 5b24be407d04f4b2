// What the build writes for the MCP server (plugins/mcp-data), under the gate's hidden folder
// (/.gate/ is never served), and how the server loads it. Guide text lives in files of its own,
// read only for a caller with the right to it, so a signed-out call never even parses it.
import type { SerializedIndex } from '../../shared/search/packedIndex.ts';

export const MCP_DATA_DIR = '/.gate/mcp';

export const MCP_FILES = {
  /** Site metadata, the sidebar tree and the release list (`McpSite`). */
  site: `${MCP_DATA_DIR}/site.json`,
  /**
   * The search modal's public index (public sections in full, guide sections by title only), in
   * MiniSearch's own serialized form: the same index as the modal's packed one, unpacked at build.
   */
  publicIndex: `${MCP_DATA_DIR}/public-index.json`,
  /** The search modal's signed-in index: every section in full. */
  guidesIndex: `${MCP_DATA_DIR}/guides-index.json`,
  /** Section url -> section text, for snippets (`SectionTexts`). */
  publicTexts: `${MCP_DATA_DIR}/public-texts.json`,
  guideTexts: `${MCP_DATA_DIR}/guide-texts.json`,
  /** Permalink -> Markdown twin (`Twins`). */
  publicTwins: `${MCP_DATA_DIR}/public-twins.json`,
  guideTwins: `${MCP_DATA_DIR}/guide-twins.json`,
  /** `McpAuth`: what access tokens must carry (read when the server starts). */
  auth: `${MCP_DATA_DIR}/auth.json`,
} as const;

export interface McpAuth {
  /** MCP_AUDIENCE of the build (config/env.ts). */
  audience: string;
}

/** Validates auth.json; throws naming the build folder's problem. */
export function parseMcpAuth(value: unknown): McpAuth {
  const audience = (value as Partial<McpAuth> | null)?.audience;
  if (typeof audience !== 'string' || !/^https?:\/\//.test(audience))
    throw new Error(`${MCP_FILES.auth} is malformed: rebuild the site.`);
  return { audience };
}

export type McpFile = (typeof MCP_FILES)[keyof typeof MCP_FILES];

export interface McpPage {
  permalink: string;
  title: string;
  /** The page's description (for a guide, shown only to a caller with rights). */
  description: string;
  /** ISO date of the last commit that changed the page, when the build had the history. */
  lastUpdated: string | null;
  guide: boolean;
}

/** A sidebar entry: a page, or a category with a label (and perhaps a page of its own). */
export interface McpNavItem {
  label: string;
  permalink?: string;
  items?: McpNavItem[];
}

export interface McpNavSection {
  title: string;
  items: McpNavItem[];
}

export interface McpRelease {
  version: string;
  /** YYYY-MM-DD */
  date: string;
  permalink: string;
  title: string;
}

export interface McpSite {
  name: string;
  /** The canonical origin, without a trailing slash: every link in an answer starts with it. */
  siteUrl: string;
  pages: McpPage[];
  sidebars: McpNavSection[];
  /** Newest first. */
  releases: McpRelease[];
}

export type SectionTexts = Record<string, string>;
export type Twins = Record<string, string>;

/**
 * Reads a built file by its site path: its text, or its parsed JSON (the edge function imports
 * the files as JSON modules); null when it is absent.
 */
export type ReadBuiltFile = (path: McpFile) => Promise<string | object | null>;

/**
 * Each file parsed once per isolate, on first use. A failed read is not cached: the next call
 * tries again (a deploy still being written, a transient error).
 */
export function dataLoader(read: ReadBuiltFile): <T>(path: McpFile) => Promise<T> {
  const cache = new Map<string, Promise<unknown>>();
  return <T>(path: McpFile): Promise<T> => {
    let pending = cache.get(path);
    if (!pending) {
      pending = read(path).then((text) => {
        if (text === null) throw new Error(`${path} is missing from the build: rebuild the site.`);
        return typeof text === 'string' ? (JSON.parse(text) as unknown) : text;
      });
      pending.catch(() => cache.delete(path));
      cache.set(path, pending);
    }
    return pending as Promise<T>;
  };
}

export type LoadData = ReturnType<typeof dataLoader>;
export type { SerializedIndex };
