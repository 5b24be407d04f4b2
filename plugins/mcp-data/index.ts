// Writes what the MCP server (gate/mcp) reads: the pages with their titles, descriptions and
// last-updated dates, the sidebar tree, the releases, the Markdown twins, and the search modal's
// two indexes with their section texts. Everything is computed by the same functions as the
// pages' own twins (plugins/markdown-twins), the modal's indexes (plugins/search-records) and the
// releases feed (plugins/releases-feed), so an agent reads and finds exactly what a reader does.
//
// The files go to .docusaurus/veriq-mcp (which the dev server's /mcp reads) and, after a build,
// into <outDir>/.gate/mcp, which the gate never serves: guide text in them reaches a caller only
// through the MCP server's rights check.
import { cp, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { LoadContext, Plugin, PluginModule } from '@docusaurus/types';
import { docsContent } from '../docs-content';
import { replaceStaticFolder } from '../static-output';
import { buildTwinFiles } from '../markdown-twins';
import { buildRecords } from '../search-records';
import { buildSearchAssets } from '../search-records/assets';
import { unpackIndex, type PackedIndex } from '../../src/search/packedIndex';
import { SIDEBAR_LABELS } from '../search-records/extract';
import { loadReleases } from '../releases-feed';
import { twinPath } from '../../src/reader/twin';
import { isGatedUrl } from '../../src/access/rules';
import type { Configuration } from 'webpack';
import { mcpServerFor } from './nodeServer';
import { devMiddleware } from './devMiddleware';
import {
  MCP_DATA_DIR,
  MCP_FILES,
  type McpAuth,
  type McpNavItem,
  type McpNavSection,
  type McpSite,
} from '../../gate/mcp/data';

export const PLUGIN_NAME = 'veriq-mcp-data';
/** Where `npm start`'s /mcp reads the files (see scripts/dev.ts). */
export const DEV_DATA_DIR = '.docusaurus/veriq-mcp';

type SidebarItem =
  | { type: 'doc' | 'ref'; id: string; label?: string }
  | { type: 'category'; label: string; items: SidebarItem[]; link?: { type: string; id?: string } }
  | { type: 'link'; label: string; href: string }
  | { type: string };

interface Doc {
  id: string;
  title: string;
  description: string;
  permalink: string;
  source: string;
  sidebar?: string;
  unlisted?: boolean;
  draft?: boolean;
  lastUpdatedAt?: number;
}

interface DocsContent {
  loadedVersions: { docs: Doc[]; sidebars: Record<string, SidebarItem[]> }[];
}

/** The sidebars as a tree of labels and permalinks (links out of the site are left out). */
export function navTree(
  sidebars: Record<string, readonly SidebarItem[]>,
  docs: ReadonlyMap<string, Doc>,
  labels: Readonly<Record<string, string>>,
): McpNavSection[] {
  const convert = (items: readonly SidebarItem[]): McpNavItem[] =>
    items.flatMap((item): McpNavItem[] => {
      if ((item.type === 'doc' || item.type === 'ref') && 'id' in item) {
        const doc = docs.get(item.id);
        return doc ? [{ label: item.label ?? doc.title, permalink: doc.permalink }] : [];
      }
      if (item.type === 'category' && 'items' in item) {
        const page = item.link?.type === 'doc' && item.link.id ? docs.get(item.link.id) : undefined;
        const children = convert(item.items);
        if (!page && children.length === 0) return [];
        return [{ label: item.label, ...(page ? { permalink: page.permalink } : {}), items: children }];
      }
      return [];
    });
  return Object.entries(sidebars)
    .map(([name, items]) => ({ title: labels[name] ?? name, items: convert(items) }))
    .filter((section) => section.items.length > 0);
}

export async function buildMcpFiles(
  siteDir: string,
  site: { name: string; siteUrl: string; audience: string },
  content: DocsContent,
): Promise<{ path: string; body: string }[]> {
  const version = content.loadedVersions[0];
  if (!version) return [];
  const docs = version.docs.filter((doc) => !doc.unlisted && !doc.draft);
  const byId = new Map(docs.map((doc) => [doc.id, doc]));

  const twinFiles = new Map((await buildTwinFiles(siteDir, site, content)).map((f) => [f.path, f.body]));
  const publicTwins: Record<string, string> = {};
  const guideTwins: Record<string, string> = {};
  for (const doc of docs) {
    const twin = twinFiles.get(twinPath(doc.permalink));
    if (twin !== undefined) (isGatedUrl(doc.permalink) ? guideTwins : publicTwins)[doc.permalink] = twin;
  }

  const records = await buildRecords(siteDir, content as unknown as Parameters<typeof buildRecords>[1]);
  const assets = buildSearchAssets(records);
  const publicTexts: Record<string, string> = {};
  const guideTexts: Record<string, string> = {};
  for (const record of records) (isGatedUrl(record.url) ? guideTexts : publicTexts)[record.url] = record.content;

  const releases = await loadReleases(siteDir, content, () => undefined);
  const mcpSite: McpSite = {
    name: site.name,
    siteUrl: site.siteUrl,
    pages: docs
      .map((doc) => ({
        permalink: doc.permalink,
        title: doc.title,
        description: doc.description ?? '',
        lastUpdated: doc.lastUpdatedAt ? new Date(doc.lastUpdatedAt).toISOString().slice(0, 10) : null,
        guide: isGatedUrl(doc.permalink),
      }))
      .sort((a, b) => a.permalink.localeCompare(b.permalink)),
    sidebars: navTree(version.sidebars, byId, SIDEBAR_LABELS),
    releases: releases
      .filter((r) => r.version !== null)
      .map((r) => ({ version: r.version!, date: r.date, permalink: r.permalink, title: r.title }))
      .sort((a, b) => b.date.localeCompare(a.date) || b.permalink.localeCompare(a.permalink)),
  };
  const json = (value: unknown) => JSON.stringify(value);
  const relative = (file: string) => file.slice(MCP_DATA_DIR.length + 1);
  return [
    { path: relative(MCP_FILES.site), body: json(mcpSite) },
    { path: relative(MCP_FILES.publicIndex), body: json(unpackIndex(assets.publicIndex)) },
    {
      path: relative(MCP_FILES.guidesIndex),
      body: json(unpackIndex(JSON.parse(assets.guidesIndex.body) as PackedIndex)),
    },
    { path: relative(MCP_FILES.publicTexts), body: json(publicTexts) },
    { path: relative(MCP_FILES.guideTexts), body: json(guideTexts) },
    { path: relative(MCP_FILES.publicTwins), body: json(publicTwins) },
    { path: relative(MCP_FILES.guideTwins), body: json(guideTwins) },
    { path: relative(MCP_FILES.auth), body: json({ audience: site.audience } satisfies McpAuth) },
  ];
}

export interface McpDataOptions {
  audience: string;
  /** The identity provider `npm start` signs in with (AUTH0_DOMAIN), or null. */
  identityDomain: string | null;
  /** SKIP_AUTH or a deploy preview: every reader counts as signed in. */
  open: boolean;
}

export default function mcpDataPlugin(options: McpDataOptions): PluginModule {
  return (context: LoadContext): Plugin => {
    const devDir = path.join(context.siteDir, DEV_DATA_DIR);
    return {
      name: PLUGIN_NAME,
      // `npm start` serves /mcp too, from the files above (the dev server has no gate: like its
      // twins, this is for working on the site, with the same tools and rights rules).
      configureWebpack() {
        return {
          devServer: {
            setupMiddlewares: devMiddleware(() =>
              mcpServerFor({
                dataDir: devDir,
                identity: options.identityDomain ? { domain: options.identityDomain, clientId: '' } : null,
                open: options.open || options.identityDomain === null,
                hasSession: () => Promise.resolve(false),
              }),
            ),
          },
        } as Configuration;
      },
      async allContentLoaded({ allContent }) {
        const docs = docsContent<DocsContent>(allContent, PLUGIN_NAME);
        const site = {
          name: context.siteConfig.title,
          siteUrl: context.siteConfig.url.replace(/\/+$/, ''),
          audience: options.audience,
        };
        await replaceStaticFolder(devDir, await buildMcpFiles(context.siteDir, site, docs));
      },
      async postBuild({ outDir }) {
        const target = path.join(outDir, MCP_DATA_DIR);
        await mkdir(target, { recursive: true });
        await cp(devDir, target, { recursive: true });
      },
    };
  };
}
