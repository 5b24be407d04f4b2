// Pure building of the releases Atom feed (with the `feed` package, so escaping and the Atom
// structure are not hand-rolled) from each release page's "At a glance" table. Without a date row
// the entry is dated the first of the month in the page id (`2025-03` → 2025-03-01) and the build
// warns; without a version row it has no version (content/facts/decided-facts.md).
import { Feed } from 'feed';
import type { Root, Table, TableCell } from 'mdast';
import { plainText } from '../docs-content/parse';
import { RELEASES_FEED_PATH } from '../../shared/routing/twin';

export interface ReleaseFacts {
  version: string | null;
  /** ISO date (YYYY-MM-DD) from the page, or null. */
  date: string | null;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const cellText = (cell: TableCell | undefined) => (cell ? plainText(cell).trim() : '');

/** Version and release date from the first table with `Version` / `Release date` rows. */
export function releaseFacts(tree: Root): ReleaseFacts {
  const tables = tree.children.filter((node): node is Table => node.type === 'table');
  for (const table of tables) {
    const rows = new Map(
      table.children.map((row) => [cellText(row.children[0]).toLowerCase(), cellText(row.children[1])]),
    );
    const version = rows.get('version') ?? null;
    const date = rows.get('release date') ?? null;
    if (version || date) return { version, date: date && ISO_DATE.test(date) ? date : null };
  }
  return { version: null, date: null };
}

/** A release page route (`/releases/2025-03`); the overview `/releases/intro` is not one. */
export const RELEASE_ROUTE = /^\/releases\/(\d{4})-(\d{2})$/;

export interface ReleaseEntry {
  title: string;
  description: string;
  permalink: string;
  version: string | null;
  date: string;
}

/** The date an entry carries: the page's own, else the first day of the month in its route. */
export function entryDate(permalink: string, facts: ReleaseFacts): { date: string; fromPage: boolean } {
  if (facts.date) return { date: facts.date, fromPage: true };
  const match = RELEASE_ROUTE.exec(permalink);
  if (!match) throw new Error(`${permalink} is not a release page route`);
  return { date: `${match[1]}-${match[2]}-01`, fromPage: false };
}

export interface FeedSite {
  siteUrl: string;
  siteTitle: string;
}

/** The category scheme of version terms: the overview page that explains version numbers. */
export const VERSION_SCHEME = (site: FeedSite): string => `${site.siteUrl}/releases/intro`;

/**
 * The Atom feed, newest release first. `updated` is the newest release date (not the build
 * time), so rebuilding unchanged pages yields the same feed.
 */
export function releasesAtom(site: FeedSite, releases: readonly ReleaseEntry[]): string {
  const entries = [...releases].sort((a, b) => b.date.localeCompare(a.date) || b.permalink.localeCompare(a.permalink));
  const at = (date: string) => new Date(`${date}T00:00:00Z`);
  const feed = new Feed({
    id: `${site.siteUrl}${RELEASES_FEED_PATH}`,
    title: `${site.siteTitle}: release notes`,
    description: 'Release notes of every Veriq version: what changed, what breaks, and how to upgrade.',
    link: `${site.siteUrl}/releases/intro`,
    language: 'en',
    copyright: 'Veriq, Inc.',
    updated: entries[0] ? at(entries[0].date) : new Date(0),
    feedLinks: { atom: `${site.siteUrl}${RELEASES_FEED_PATH}` },
  });
  for (const entry of entries) {
    const link = `${site.siteUrl}${entry.permalink}`;
    feed.addItem({
      title: entry.title,
      id: link,
      link,
      date: at(entry.date),
      published: at(entry.date),
      description: entry.description,
      // Atom has no version element: the version is a category in the releases' own scheme.
      ...(entry.version
        ? { category: [{ term: entry.version, name: `Version ${entry.version}`, scheme: VERSION_SCHEME(site) }] }
        : {}),
    });
  }
  return feed.atom1();
}
