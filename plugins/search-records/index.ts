import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { replaceStaticFolder } from '../static-output';
import { docsContent } from '../docs-content';
import type { LoadContext, Plugin, PluginModule } from '@docusaurus/types';
import type { SearchRecord } from '../../src/search/records';
import { buildSearchAssets } from './assets';
import { currentMode, PLUGIN_NAME, RECORDS_FILE, type RecordsFile } from './recordsFile';
import { categoryPaths, extractRecords, SIDEBAR_LABELS, type SidebarItemLike } from './extract';

export { PLUGIN_NAME, RECORDS_FILE, RECORDS_PATH } from './recordsFile';
const INDEX_FILE = 'search-index.json';
/** Where the guides index is (a file named by its hash), for the client to fetch when signed in. */
const GUIDES_INDEX_FILE = 'search-guides-index.json';
/**
 * A static directory (listed in the site config's `staticDirectories`) holding the per-page
 * content files, so the dev server serves them and the build copies them into the output.
 */
export const STATIC_DIR = '.docusaurus/veriq-search-static';

/** The parts of the docs plugin's loaded content this plugin reads. */
export interface DocsContent {
  loadedVersions: {
    docs: { id: string; title: string; permalink: string; source: string; sidebar?: string; unlisted?: boolean }[];
    sidebars: Record<string, SidebarItemLike[]>;
  }[];
}

/** Resolves "@site/docs/x.md" against the site directory. */
function sourcePath(siteDir: string, source: string): string {
  return path.join(siteDir, source.replace(/^@site\//, ''));
}

/** Builds every record of the site's current docs version. */
export async function buildRecords(siteDir: string, content: DocsContent): Promise<SearchRecord[]> {
  const version = content.loadedVersions[0];
  if (!version) return [];
  const categories = categoryPaths(version.sidebars);
  const docs = version.docs.filter((doc) => !doc.unlisted).sort((a, b) => a.permalink.localeCompare(b.permalink));
  const perDoc = await Promise.all(
    docs.map(async (doc) => {
      const markdown = await readFile(sourcePath(siteDir, doc.source), 'utf8');
      const firstSegment = doc.permalink.split('/')[1] ?? '';
      const category =
        categories.get(doc.id) ??
        (doc.sidebar ? SIDEBAR_LABELS[doc.sidebar] : undefined) ??
        SIDEBAR_LABELS[firstSegment] ??
        '';
      return extractRecords(markdown, { title: doc.title, permalink: doc.permalink, category });
    }),
  );
  return perDoc.flat();
}

/**
 * Produces the search documents (one per page section) from the docs, in dev and in build:
 * the records (`search:push` uploads them to Typesense), and for the embedded backend the
 * public index (imported lazily by src/search/client.ts, so it becomes a content-hashed chunk
 * fetched on first search intent), the guides index and the per-page content files (assets.ts).
 */
export default function searchRecordsPlugin(): PluginModule {
  return (context: LoadContext): Plugin => ({
    name: PLUGIN_NAME,
    async allContentLoaded({ allContent, actions }) {
      const docs = docsContent<DocsContent>(allContent, PLUGIN_NAME);
      const records = await buildRecords(context.siteDir, docs);
      const assets = buildSearchAssets(records);
      await Promise.all([
        actions.createData(RECORDS_FILE, JSON.stringify({ mode: currentMode(), records } satisfies RecordsFile)),
        actions.createData(INDEX_FILE, JSON.stringify(assets.publicIndex)),
        actions.createData(GUIDES_INDEX_FILE, JSON.stringify({ path: assets.guidesIndex.path })),
        replaceStaticFolder(path.join(context.siteDir, STATIC_DIR), assets.files),
      ]);
    },
  });
}
