import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { replaceStaticFolder } from '../static-output';
import { docsContent } from '../docs-content';
import type { LoadContext, Plugin, PluginModule } from '@docusaurus/types';
import { RELEASES_FEED_PATH } from '../../src/reader/twin';
import { entryDate, RELEASE_ROUTE, releaseFacts, releasesAtom, type ReleaseEntry } from './feed';

export const PLUGIN_NAME = 'veriq-releases-feed';
/** A static directory (listed in `staticDirectories`), so `npm start` serves the feed too. */
export const STATIC_DIR = '.docusaurus/veriq-releases-feed';

interface DocsContent {
  loadedVersions: {
    docs: { title: string; description: string; permalink: string; source: string; unlisted?: boolean }[];
  }[];
}

/** One entry per release page, from the same titles, descriptions and sources as the pages. */
export async function loadReleases(
  siteDir: string,
  content: DocsContent,
  warn: (message: string) => void,
): Promise<ReleaseEntry[]> {
  const docs = (content.loadedVersions[0]?.docs ?? []).filter(
    (doc) => !doc.unlisted && RELEASE_ROUTE.test(doc.permalink),
  );
  return Promise.all(
    docs.map(async (doc) => {
      const text = await readFile(path.join(siteDir, doc.source.replace(/^@site\//, '')), 'utf8');
      const facts = releaseFacts(text);
      const { date, fromPage } = entryDate(doc.permalink, facts);
      if (!fromPage) warn(`${doc.permalink} has no "Release date" row: its feed entry is dated ${date}`);
      return { title: doc.title, description: doc.description, permalink: doc.permalink, version: facts.version, date };
    }),
  );
}

/** Publishes the Atom feed of the release notes at /releases/feed.xml, in dev and in build. */
export default function releasesFeedPlugin(): PluginModule {
  return (context: LoadContext): Plugin => ({
    name: PLUGIN_NAME,
    async allContentLoaded({ allContent }) {
      const docs = docsContent<DocsContent>(allContent, PLUGIN_NAME);
      const releases = await loadReleases(context.siteDir, docs, (m) => console.warn(`[${PLUGIN_NAME}] ${m}`));
      const xml = releasesAtom(
        { siteUrl: context.siteConfig.url.replace(/\/+$/, ''), siteTitle: context.siteConfig.title },
        releases,
      );
      await replaceStaticFolder(path.join(context.siteDir, STATIC_DIR), [{ path: RELEASES_FEED_PATH, body: xml }]);
    },
  });
}
