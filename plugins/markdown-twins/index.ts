import path from 'node:path';
import { replaceStaticFolder } from '../staticOutput';
import { docsContent, type DocsContent } from '../docs-content';
import { SIDEBAR_LABELS } from '../docs-content/sidebars';
import type { LoadContext, Plugin, PluginModule } from '@docusaurus/types';
import { twinPath } from '../../shared/routing/twin';
import { llmsFullTxt, llmsSections, llmsTxt } from './llms';

export const PLUGIN_NAME = 'veriq-markdown-twins';
/**
 * A static directory (listed in the site config's `staticDirectories`): `npm start` serves the
 * twins from it and the build copies them into the output next to the pages.
 */
export const STATIC_DIR = '.docusaurus/veriq-markdown-twins';

export const LLMS_SUMMARY =
  'Veriq is an enterprise platform for data quality and data testing: teams write rules and checks ' +
  'against databases, warehouses, files and APIs, chain them into workflows and schedules, and are ' +
  'told when data breaks them. This documentation covers installing and operating Veriq on ' +
  'Kubernetes (Embedded Cluster, Existing Cluster, Helm), the guides for using the web app, and the ' +
  'release notes of every 6.x version.';

export interface SiteFile {
  path: string;
  body: string;
}

/** Every file this plugin publishes: one twin per doc, llms.txt and llms-full.txt. */
export function buildTwinFiles(site: { name: string; siteUrl: string }, content: DocsContent): SiteFile[] {
  const docs = content.docs.filter((doc) => doc.twin !== null);
  const twins = new Map(docs.map((doc) => [doc.id, doc.twin!]));
  const llmsSite = { name: site.name, summary: LLMS_SUMMARY, siteUrl: site.siteUrl };
  const sections = llmsSections(docs, content.sidebars, SIDEBAR_LABELS);
  return [
    ...docs.map((doc) => ({ path: twinPath(doc.permalink), body: doc.twin! })),
    { path: '/llms.txt', body: llmsTxt(llmsSite, sections) },
    { path: '/llms-full.txt', body: llmsFullTxt(llmsSite, sections, (doc) => twins.get(doc.id)!) },
  ];
}

/**
 * Publishes a Markdown twin of every doc page at its route plus `.md`, and /llms.txt and
 * /llms-full.txt, from the docs plugin's loaded content (the same titles, descriptions, routes
 * and sidebars as the pages), in dev and in build.
 */
export default function markdownTwinsPlugin(): PluginModule {
  return (context: LoadContext): Plugin => ({
    name: PLUGIN_NAME,
    async allContentLoaded({ allContent }) {
      const files = buildTwinFiles(
        { name: context.siteConfig.title, siteUrl: context.siteConfig.url.replace(/\/+$/, '') },
        await docsContent(allContent, context, PLUGIN_NAME),
      );
      await replaceStaticFolder(path.join(context.siteDir, STATIC_DIR), files);
    },
  });
}
