import path from 'node:path';
import { replaceStaticFolder } from '../staticOutput';
import { docsContent, type DocsContent } from '../docs-content';
import type { LoadContext, Plugin, PluginModule } from '@docusaurus/types';
import { RELEASES_FEED_PATH } from '../../shared/routing/twin';
import { entryDate, RELEASE_ROUTE, releasesAtom, type ReleaseEntry } from './feed';

export const PLUGIN_NAME = 'veriq-releases-feed';
/** A static directory (listed in `staticDirectories`), so `npm start` serves the feed too. */
export const STATIC_DIR = '.docusaurus/veriq-releases-feed';

/** One entry per release page, from the same titles, descriptions and sources as the pages. */
export function loadReleases(content: DocsContent, warn: (message: string) => void): ReleaseEntry[] {
  return content.docs
    .filter((doc) => !doc.unlisted && RELEASE_ROUTE.test(doc.permalink))
    .map((doc) => {
      const facts = doc.releaseFacts;
      const { date, fromPage } = entryDate(doc.permalink, facts);
      if (!fromPage) warn(`${doc.permalink} has no "Release date" row: its feed entry is dated ${date}`);
      return { title: doc.title, description: doc.description, permalink: doc.permalink, version: facts.version, date };
    });
}

/** Publishes the Atom feed of the release notes at /releases/feed.xml, in dev and in build. */
export default function releasesFeedPlugin(): PluginModule {
  return (context: LoadContext): Plugin => ({
    name: PLUGIN_NAME,
    async allContentLoaded({ allContent }) {
      const content = await docsContent(allContent, context, PLUGIN_NAME);
      const releases = loadReleases(content, (m) => console.warn(`[${PLUGIN_NAME}] ${m}`));
      const xml = releasesAtom(
        { siteUrl: context.siteConfig.url.replace(/\/+$/, ''), siteTitle: context.siteConfig.title },
        releases,
      );
      await replaceStaticFolder(path.join(context.siteDir, STATIC_DIR), [{ path: RELEASES_FEED_PATH, body: xml }]);
    },
  });
}
