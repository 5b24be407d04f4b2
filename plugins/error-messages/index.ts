import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { docsContent } from '../docs-content';
import type { LoadContext, Plugin, PluginModule } from '@docusaurus/types';
import type { ErrorMessagePage, ErrorMessagesData } from '../../src/components/ErrorMessages/model';
import { categoryPaths, SIDEBAR_LABELS, stripFrontMatter, type SidebarItemLike } from '../search-records/extract';
import { extractErrorPage } from './extract';

export const PLUGIN_NAME = 'veriq-error-messages';
/** Imported by docs/guides/knowledge-base/error-messages.mdx as `@generated/veriq-error-messages/default/error-messages.json`. */
export const DATA_FILE = 'error-messages.json';

/** The parts of the docs plugin's loaded content this plugin reads. */
interface DocsContent {
  loadedVersions: {
    docs: { id: string; title: string; permalink: string; source: string; unlisted?: boolean }[];
    sidebars: Record<string, SidebarItemLike[]>;
  }[];
}

/** Doc ids in sidebar order (install, guides, releases, restricted), each once. */
export function sidebarOrder(sidebars: Record<string, SidebarItemLike[]>): Map<string, number> {
  const order = new Map<string, number>();
  const walk = (items: SidebarItemLike[]) => {
    for (const item of items) {
      if (item.type === 'doc' || item.type === 'ref') {
        if (!order.has(item.id)) order.set(item.id, order.size);
      } else if (item.type === 'category') {
        if (item.link?.type === 'doc' && item.link.id && !order.has(item.link.id)) order.set(item.link.id, order.size);
        walk(item.items);
      }
    }
  };
  for (const items of Object.values(sidebars)) walk(items);
  return order;
}

/** Reads every listed doc of the current version and collects the messages its tables document. */
export async function buildErrorMessages(siteDir: string, content: DocsContent): Promise<ErrorMessagesData> {
  const version = content.loadedVersions[0];
  if (!version) return { total: 0, pages: [] };
  const categories = categoryPaths(version.sidebars);
  const order = sidebarOrder(version.sidebars);
  const docs = version.docs
    .filter((doc) => !doc.unlisted)
    .sort(
      (a, b) => (order.get(a.id) ?? Infinity) - (order.get(b.id) ?? Infinity) || a.permalink.localeCompare(b.permalink),
    );
  const pages = await Promise.all(
    docs.map(async (doc): Promise<ErrorMessagePage | null> => {
      const markdown = await readFile(path.join(siteDir, doc.source.replace(/^@site\//, '')), 'utf8');
      const firstSegment = doc.permalink.split('/')[1] ?? '';
      const category = categories.get(doc.id) ?? SIDEBAR_LABELS[firstSegment] ?? '';
      return extractErrorPage(stripFrontMatter(markdown), { title: doc.title, permalink: doc.permalink, category });
    }),
  );
  const found = pages.filter((p): p is ErrorMessagePage => p !== null);
  return { total: found.reduce((n, p) => n + p.rows.length, 0), pages: found };
}

/**
 * Builds the error-message index from the troubleshooting tables of every doc, in dev and in
 * build, so the knowledge-base page never drifts from the pages that explain each message.
 */
export default function errorMessagesPlugin(): PluginModule {
  return (context: LoadContext): Plugin => ({
    name: PLUGIN_NAME,
    async allContentLoaded({ allContent, actions }) {
      const docs = docsContent<DocsContent>(allContent, PLUGIN_NAME);
      const data = await buildErrorMessages(context.siteDir, docs);
      await actions.createData(DATA_FILE, JSON.stringify(data));
    },
  });
}
