// Where the Markdown twin of a page and the releases feed live. Shared by the build plugins that
// write them (plugins/markdown-twins, plugins/releases-feed) and the page header that links them.

/** The home page's route is `/`, so its twin cannot be "route + .md". */
export const HOME_TWIN_PATH = '/index.md';

/** The Atom feed of the release notes. */
export const RELEASES_FEED_PATH = '/releases/feed.xml';

/** The route prefix of release pages (the notes and the releases overview). */
export const RELEASES_PREFIX = '/releases/';

/** The twin of a doc route: `/install-options` → `/install-options.md`, `/` → `/index.md`. */
export function twinPath(permalink: string): string {
  const route = permalink.replace(/\/+$/, '');
  return route === '' ? HOME_TWIN_PATH : `${route}.md`;
}
