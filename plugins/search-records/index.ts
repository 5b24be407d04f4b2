import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { LoadContext, Plugin, PluginModule } from '@docusaurus/types';
import type { SearchRecord } from '../../src/search/records';
import { categoryPaths, extractRecords, SIDEBAR_LABELS, type SidebarItemLike } from './extract';

export const PLUGIN_NAME = 'veriq-search-records';
export const RECORDS_FILE = 'search-records.json';

/** The parts of the docs plugin's loaded content this plugin reads. */
interface DocsContent {
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
        categories.get(doc.id) ?? (doc.sidebar ? SIDEBAR_LABELS[doc.sidebar] : undefined) ?? SIDEBAR_LABELS[firstSegment] ?? '';
      return extractRecords(markdown, { title: doc.title, permalink: doc.permalink, category });
    }),
  );
  return perDoc.flat();
}

/**
 * Produces the search documents (one per page section) from the docs, in dev and in build.
 * The client imports the generated JSON lazily (src/search/client.ts), so it becomes a
 * content-hashed chunk fetched on first search intent; `search:push` uploads the same records.
 */
export default function searchRecordsPlugin(): PluginModule {
  return (context: LoadContext): Plugin => ({
    name: PLUGIN_NAME,
    async allContentLoaded({ allContent, actions }) {
      const docs = allContent['docusaurus-plugin-content-docs']?.default as DocsContent | undefined;
      if (!docs) throw new Error(`${PLUGIN_NAME}: the docs plugin's content is missing`);
      const records = await buildRecords(context.siteDir, docs);
      await actions.createData(RECORDS_FILE, JSON.stringify(records));
    },
  });
}
