import { docsContent, type DocsContent } from '../docs-content';
import type { LoadContext, Plugin, PluginModule } from '@docusaurus/types';
import type { ErrorMessagePage, ErrorMessagesData } from '../../shared/errorMessages';

export const PLUGIN_NAME = 'veriq-error-messages';
/** Imported by docs/guides/knowledge-base/error-messages.mdx as `@generated/veriq-error-messages/default/error-messages.json`. */
export const DATA_FILE = 'error-messages.json';

/** The messages of every listed doc, pages in sidebar order (then by route). */
export function buildErrorMessages(content: DocsContent): ErrorMessagesData {
  const order = content.sidebarOrder;
  const pages = content.docs
    .filter((doc) => !doc.unlisted)
    .sort(
      (a, b) => (order.get(a.id) ?? Infinity) - (order.get(b.id) ?? Infinity) || a.permalink.localeCompare(b.permalink),
    )
    .map(({ title, permalink, category, errorRows: rows }): ErrorMessagePage => ({ title, permalink, category, rows }));
  const found = pages.filter((page) => page.rows.length > 0);
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
      const data = buildErrorMessages(await docsContent(allContent, context, PLUGIN_NAME));
      await actions.createData(DATA_FILE, JSON.stringify(data));
    },
  });
}
