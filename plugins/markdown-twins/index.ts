import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { replaceStaticFolder } from '../static-output';
import { docsContent } from '../docs-content';
import type { LoadContext, Plugin, PluginModule } from '@docusaurus/types';
import { twinPath } from '../../src/reader/twin';
import { SIDEBAR_LABELS } from '../search-records/extract';
import { toTwinMarkdown, type SiteLinks } from './convert';
import { isPublicRoute, llmsFullTxt, llmsSections, llmsTxt, type LlmsDoc, type SidebarItem } from './llms';

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

/** The parts of the docs plugin's loaded content this plugin reads. */
interface DocsContent {
  loadedVersions: {
    docs: (LlmsDoc & { source: string; unlisted?: boolean; draft?: boolean })[];
    sidebars: Record<string, SidebarItem[]>;
  }[];
}

export interface SiteFile {
  path: string;
  body: string;
}

/** Every file this plugin publishes: one twin per doc, llms.txt and llms-full.txt. */
export async function buildTwinFiles(
  siteDir: string,
  site: { name: string; siteUrl: string },
  content: DocsContent,
): Promise<SiteFile[]> {
  const version = content.loadedVersions[0];
  if (!version) return [];
  const docs = version.docs.filter((doc) => !doc.unlisted && !doc.draft);
  const sourceOf = (doc: { source: string }) => doc.source.replace(/^@site\//, '');
  const byRoute = new Map(docs.map((doc) => [doc.permalink, doc.permalink]));
  const bySource = new Map(docs.map((doc) => [sourceOf(doc), doc.permalink]));
  // A public page's twin links guides to their pages, not their twins: guide twins are
  // advertised to signed-out readers only by title, in llms.txt.
  const linksFrom = (from: string): SiteLinks => ({
    siteUrl: site.siteUrl,
    docAtRoute: (route) => byRoute.get(route) ?? null,
    docAtSource: (source) => bySource.get(source) ?? null,
    linksToTwin: (target) => isPublicRoute(target) || !isPublicRoute(from),
  });
  const twins = new Map<string, string>();
  await Promise.all(
    docs.map(async (doc) => {
      const text = await readFile(path.join(siteDir, sourceOf(doc)), 'utf8');
      twins.set(
        doc.id,
        toTwinMarkdown(
          { title: doc.title, description: doc.description, sourcePath: sourceOf(doc), text },
          linksFrom(doc.permalink),
        ),
      );
    }),
  );
  const llmsSite = { name: site.name, summary: LLMS_SUMMARY, siteUrl: site.siteUrl };
  const sections = llmsSections(docs, version.sidebars, SIDEBAR_LABELS);
  return [
    ...docs.map((doc) => ({ path: twinPath(doc.permalink), body: twins.get(doc.id)! })),
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
      const docs = docsContent<DocsContent>(allContent, PLUGIN_NAME);
      const files = await buildTwinFiles(
        context.siteDir,
        { name: context.siteConfig.title, siteUrl: context.siteConfig.url.replace(/\/+$/, '') },
        docs,
      );
      await replaceStaticFolder(path.join(context.siteDir, STATIC_DIR), files);
    },
  });
}
