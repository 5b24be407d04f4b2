// Writes what the MCP server (server/mcp) reads: pages, sidebars, releases, twins and both search
// indexes with their texts, computed by the same functions as the site's own, so an agent reads
// and finds exactly what a reader does. The files go to .docusaurus/veriq-mcp (for the dev server)
// and <outDir>/.gate/mcp, which the gate never serves: guide text passes only the rights check.
// Why: maintainers/decisions/2026-11-27-mcp-function.md
import { cp, mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { LoadContext, Plugin, PluginModule } from '@docusaurus/types';
import { docsContent, type DocsContent, type DocEntry } from '../docs-content';
import { replaceStaticFolder } from '../staticOutput';
import { buildTwinFiles } from '../markdown-twins';
import { buildRecords } from '../search-records';
import { buildSearchAssets } from '../search-records/assets';
import { unpackIndex, type PackedIndex } from '../../shared/search/packedIndex';
import { SIDEBAR_LABELS, type SidebarItemLike } from '../docs-content/sidebars';
import { loadReleases } from '../releases-feed';
import { twinPath } from '../../shared/routing/twin';
import { isGatedUrl } from '../../shared/guide-gate/rules';
import type { Configuration } from 'webpack';
import { mcpServerFor } from '../../server/mcp/nodeServer';
import { devMiddleware } from '../../server/node/devMiddleware';
import { randomBytes } from 'node:crypto';
import { hasGuideAccess } from '../../server/guide-gate/access';
import { createDevGate, wellKnownNotFound, type DevHandler } from '../../server/guide-gate/devGate';
import { sessionSigner, type Access } from '../../server/guide-gate/session';
import { providerVerifier } from '../../server/guide-gate/token';
import {
  MCP_DATA_DIR,
  MCP_FILES,
  type McpAuth,
  type McpNavItem,
  type McpNavSection,
  type McpSite,
} from '../../server/mcp/data';

export const PLUGIN_NAME = 'veriq-mcp-data';
/** Where `npm start`'s /mcp reads the files (see tools/bin/start.ts). */
export const DEV_DATA_DIR = '.docusaurus/veriq-mcp';

/** The sidebars as a tree of labels and permalinks (links out of the site are left out). */
export function navTree(
  sidebars: Record<string, readonly SidebarItemLike[]>,
  docs: ReadonlyMap<string, Pick<DocEntry, 'title' | 'permalink'>>,
  labels: Readonly<Record<string, string>>,
): McpNavSection[] {
  const convert = (items: readonly SidebarItemLike[]): McpNavItem[] =>
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

/** What the dev server's pages say beside their last-updated date, which it simulates. */
export const SIMULATED_DATE_NOTE = '(simulated by the dev server, not the page’s real date)';

/** A page's last-updated date as get_page reports it, with the dev server's caveat where it applies. */
export function lastUpdatedDay(at: number | null, simulated: boolean): string | null {
  if (at === null) return null;
  const day = new Date(at).toISOString().slice(0, 10);
  return simulated ? `${day} ${SIMULATED_DATE_NOTE}` : day;
}

export function buildMcpFiles(
  site: { name: string; siteUrl: string; audience: string },
  content: DocsContent,
  options: { simulatedDates?: boolean } = {},
): { path: string; body: string }[] {
  const docs = content.docs.filter((doc) => !doc.unlisted && !doc.draft);
  const byId = new Map(docs.map((doc) => [doc.id, doc]));

  const twinFiles = new Map(buildTwinFiles(site, content).map((f) => [f.path, f.body]));
  const publicTwins: Record<string, string> = {};
  const guideTwins: Record<string, string> = {};
  for (const doc of docs) {
    const twin = twinFiles.get(twinPath(doc.permalink));
    if (twin !== undefined) (isGatedUrl(doc.permalink) ? guideTwins : publicTwins)[doc.permalink] = twin;
  }

  const records = buildRecords(content);
  const assets = buildSearchAssets(records);
  const publicTexts: Record<string, string> = {};
  const guideTexts: Record<string, string> = {};
  for (const record of records) (isGatedUrl(record.url) ? guideTexts : publicTexts)[record.url] = record.content;

  const releases = loadReleases(content, () => undefined);
  const mcpSite: McpSite = {
    name: site.name,
    siteUrl: site.siteUrl,
    pages: docs
      .map((doc) => ({
        permalink: doc.permalink,
        title: doc.title,
        description: doc.description ?? '',
        lastUpdated: lastUpdatedDay(doc.lastUpdatedAt, options.simulatedDates ?? false),
        guide: isGatedUrl(doc.permalink),
      }))
      .sort((a, b) => a.permalink.localeCompare(b.permalink)),
    sidebars: navTree(content.sidebars, byId, SIDEBAR_LABELS),
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
  /** Its client id (AUTH0_CLIENT_ID): the audience of the id tokens a session is made from. */
  identityClientId: string | null;
  /** SKIP_AUTH or a deploy preview: every reader counts as signed in. */
  open: boolean;
}

/**
 * The dev server's gate: open where the build's would be (SKIP_AUTH, previews), closed without a
 * provider, else enforced with a session secret of this process (sessions end with the server).
 */
function devAccess(options: McpDataOptions): Access {
  if (options.open) return { kind: 'open' };
  if (!options.identityDomain || !options.identityClientId) {
    return { kind: 'closed', reason: 'npm start runs without an identity provider: no one can sign in.' };
  }
  const sessions = sessionSigner(randomBytes(48).toString('base64url'), options.identityClientId);
  if (typeof sessions === 'string') throw new Error(sessions);
  return {
    kind: 'enforced',
    verifier: providerVerifier(options.identityDomain, options.identityClientId),
    sessions,
  };
}

/** The first non-null answer of `handlers`, asked in order. */
function firstAnswer(handlers: DevHandler[]): DevHandler {
  return async (request) => {
    for (const handler of handlers) {
      const answer = await handler(request);
      if (answer) return answer;
    }
    return null;
  };
}

export default function mcpDataPlugin(options: McpDataOptions): PluginModule {
  return (context: LoadContext): Plugin => {
    const devDir = path.join(context.siteDir, DEV_DATA_DIR);
    return {
      name: PLUGIN_NAME,
      // `npm start` serves /mcp too, from the files above, behind the gate's rules that a dev
      // server can keep (server/guide-gate/devGate.ts): sign-in sessions, guide twins, /.well-known.
      configureWebpack() {
        return {
          devServer: {
            setupMiddlewares: devMiddleware(() => {
              const access = devAccess(options);
              const mcp = mcpServerFor({
                dataDir: devDir,
                identity: options.identityDomain ? { domain: options.identityDomain, clientId: '' } : null,
                open: access.kind === 'open',
                hasSession: (request) => hasGuideAccess(access, request, Date.now()),
              });
              return firstAnswer([createDevGate(access), ...(mcp ? [mcp] : []), wellKnownNotFound]);
            }),
          },
        } as Configuration;
      },
      async allContentLoaded({ allContent }) {
        const docs = await docsContent(allContent, context, PLUGIN_NAME);
        const site = {
          name: context.siteConfig.title,
          siteUrl: context.siteConfig.url.replace(/\/+$/, ''),
          audience: options.audience,
        };
        // Docusaurus gives every page one made-up date in development (git is not read).
        const simulatedDates = process.env.NODE_ENV === 'development';
        await replaceStaticFolder(devDir, buildMcpFiles(site, docs, { simulatedDates }));
      },
      async postBuild({ outDir }) {
        const target = path.join(outDir, MCP_DATA_DIR);
        await mkdir(target, { recursive: true });
        await cp(devDir, target, { recursive: true });
      },
    };
  };
}
