import path from 'node:path';
import { replaceStaticFolder } from '../staticOutput';
import { docsContent, type DocsContent } from '../docs-content';
import type { LoadContext, Plugin, PluginModule } from '@docusaurus/types';
import type { SearchRecord } from '../../shared/search/records';
import { buildSearchAssets } from './assets';
import { currentMode, PLUGIN_NAME, RECORDS_FILE, type RecordsFile } from './recordsFile';
import { recordsOf } from './extract';

export { PLUGIN_NAME, RECORDS_FILE, RECORDS_PATH } from './recordsFile';
const INDEX_FILE = 'search-index.json';
/** Where the guides index is (a file named by its hash), for the client to fetch when signed in. */
const GUIDES_INDEX_FILE = 'search-guides-index.json';
/**
 * A static directory (listed in the site config's `staticDirectories`) holding the per-page
 * content files, so the dev server serves them and the build copies them into the output.
 */
export const STATIC_DIR = '.docusaurus/veriq-search-static';

/** Every record of the site's listed docs, by page route. */
export function buildRecords(content: DocsContent): SearchRecord[] {
  return content.docs
    .filter((doc) => !doc.unlisted)
    .sort((a, b) => a.permalink.localeCompare(b.permalink))
    .flatMap((doc) => recordsOf(doc.sections, { title: doc.title, permalink: doc.permalink, category: doc.category }));
}

/**
 * Produces the search documents (one per page section) in dev and in build: the records (for
 * `search:push`), and for the embedded backend the public index (a content-hashed chunk that
 * src/search/client.ts imports lazily), the guides index and the per-page files (assets.ts).
 */
export default function searchRecordsPlugin(): PluginModule {
  return (context: LoadContext): Plugin => ({
    name: PLUGIN_NAME,
    async allContentLoaded({ allContent, actions }) {
      const records = buildRecords(await docsContent(allContent, context, PLUGIN_NAME));
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
