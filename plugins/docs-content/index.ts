// The one build step that reads the docs: each doc is parsed once (parse.ts), and search sections,
// twins, error rows, release facts and the guide split are all derived from that one tree, so they
// cannot disagree. Plugins call docsContent() in allContentLoaded; the first call for a load of
// the docs does the work and the others share it, in `npm start` and in the build.
// Why: maintainers/decisions/2026-11-27-docs-one-parse.md
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AllContent, LoadContext } from '@docusaurus/types';
import type { ErrorMessageRow } from '../../shared/errorMessages';
import { extractErrorRows } from '../error-messages/extract';
import { publicMarkdown } from '../guide-gate/publicMarkdown';
import { toTwinMarkdown, type SiteLinks } from '../markdown-twins/convert';
import { isPublicRoute } from '../markdown-twins/llms';
import { releaseFacts, type ReleaseFacts } from '../releases-feed/feed';
import { sectionsOf, type Section } from '../search-records/extract';
import { parseDoc } from './parse';
import { categoryPaths, SIDEBAR_LABELS, sidebarOrder, type SidebarItemLike } from './sidebars';

/** The parts of a doc's metadata in the docs plugin's loaded content that this step reads. */
interface LoadedDoc {
  id: string;
  title: string;
  description: string;
  permalink: string;
  /** `@site/docs/…` */
  source: string;
  sidebar?: string;
  unlisted?: boolean;
  draft?: boolean;
  /** Milliseconds since the epoch, from the Git history (absent when it could not be read). */
  lastUpdatedAt?: number;
}

interface LoadedDocs {
  loadedVersions: { docs: LoadedDoc[]; sidebars: Record<string, SidebarItemLike[]> }[];
}

export interface DocEntry {
  id: string;
  title: string;
  description: string;
  permalink: string;
  /** The source file relative to the site directory, e.g. `docs/guides/concept.md`. */
  sourcePath: string;
  /** SHA-256 (hex) of the source file as read. */
  sourceHash: string;
  /** Reachable by link only: left out of search, twins, llms files, the error index and the feed. */
  unlisted: boolean;
  /** A draft (`npm start` only): no twin. */
  draft: boolean;
  /** Milliseconds since the epoch of the source's last commit, or null. */
  lastUpdatedAt: number | null;
  /** Sidebar category path, e.g. "Guides › Connections". */
  category: string;
  /** The lead and each h2/h3 with its plain text. */
  sections: Section[];
  /** The Markdown twin; null for an unlisted page or a draft, which get none. */
  twin: string | null;
  /** The messages its troubleshooting tables document. */
  errorRows: ErrorMessageRow[];
  releaseFacts: ReleaseFacts;
  /** For a guide, what its public route module compiles (front matter and headings); else null. */
  publicMarkdown: string | null;
}

export interface DocsContent {
  /** Every doc of the current version, in the docs plugin's order. */
  docs: DocEntry[];
  sidebars: Record<string, SidebarItemLike[]>;
  /** Each doc id's place in the sidebars (install, guides, releases, restricted), each once. */
  sidebarOrder: Map<string, number>;
}

export interface SiteInfo {
  siteDir: string;
  /** Canonical origin without a trailing slash. */
  siteUrl: string;
}

const GUIDE_SOURCE = '@site/docs/guides/';

/** The default docs instance's loaded content; throws when it is missing. */
function loadedDocs(allContent: AllContent, pluginName: string): LoadedDocs {
  const docs = allContent['docusaurus-plugin-content-docs']?.default as LoadedDocs | undefined;
  if (!docs) throw new Error(`${pluginName}: the docs plugin's content is missing`);
  return docs;
}

const sourcePathOf = (doc: LoadedDoc) => doc.source.replace(/^@site\//, '');
export const hashSource = (text: string) => createHash('sha256').update(text).digest('hex');

/** Builds every doc's structures from its one parse. */
export async function buildDocsContent(loaded: LoadedDocs, site: SiteInfo): Promise<DocsContent> {
  const version = loaded.loadedVersions[0];
  if (!version) return { docs: [], sidebars: {}, sidebarOrder: new Map() };
  const categories = categoryPaths(version.sidebars);
  // Twins link to each other; a page without a twin is linked as any other path.
  const twinned = version.docs.filter((doc) => !doc.unlisted && !doc.draft);
  const byRoute = new Map(twinned.map((doc) => [doc.permalink, doc.permalink]));
  const bySource = new Map(twinned.map((doc) => [sourcePathOf(doc), doc.permalink]));
  // A public page's twin links guides to their pages, not their twins: guide twins are
  // advertised to signed-out readers only by title, in llms.txt.
  const linksFrom = (from: string): SiteLinks => ({
    siteUrl: site.siteUrl,
    docAtRoute: (route) => byRoute.get(route) ?? null,
    docAtSource: (source) => bySource.get(source) ?? null,
    linksToTwin: (target) => isPublicRoute(target) || !isPublicRoute(from),
  });

  const docs = await Promise.all(
    version.docs.map(async (doc): Promise<DocEntry> => {
      const sourcePath = sourcePathOf(doc);
      const text = await readFile(path.join(site.siteDir, sourcePath), 'utf8');
      const parsed = parseDoc(sourcePath, text);
      const firstSegment = doc.permalink.split('/')[1] ?? '';
      const unlisted = doc.unlisted === true;
      const draft = doc.draft === true;
      return {
        id: doc.id,
        title: doc.title,
        description: doc.description,
        permalink: doc.permalink,
        sourcePath,
        sourceHash: hashSource(text),
        unlisted,
        draft,
        lastUpdatedAt: doc.lastUpdatedAt ?? null,
        category:
          categories.get(doc.id) ??
          (doc.sidebar ? SIDEBAR_LABELS[doc.sidebar] : undefined) ??
          SIDEBAR_LABELS[firstSegment] ??
          '',
        sections: sectionsOf(parsed),
        twin:
          unlisted || draft
            ? null
            : toTwinMarkdown({ title: doc.title, description: doc.description, doc: parsed }, linksFrom(doc.permalink)),
        errorRows: extractErrorRows(parsed),
        releaseFacts: releaseFacts(parsed.tree),
        publicMarkdown: doc.source.startsWith(GUIDE_SOURCE) ? publicMarkdown(parsed) : null,
      };
    }),
  );
  return { docs, sidebars: version.sidebars, sidebarOrder: sidebarOrder(version.sidebars) };
}

// One result per load of the docs: the plugins reading it run side by side in allContentLoaded
// and get the same object; a reload in `npm start` brings new content and a new result.
const built = new WeakMap<LoadedDocs, Promise<DocsContent>>();

/** The docs' structures for this load of the site, built by the first plugin that asks. */
export function docsContent(allContent: AllContent, context: LoadContext, pluginName: string): Promise<DocsContent> {
  const loaded = loadedDocs(allContent, pluginName);
  let result = built.get(loaded);
  if (!result) {
    result = buildDocsContent(loaded, {
      siteDir: context.siteDir,
      siteUrl: context.siteConfig.url.replace(/\/+$/, ''),
    });
    built.set(loaded, result);
  }
  return result;
}
