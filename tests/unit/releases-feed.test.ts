import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../plugins/docs-content/parse';
import { entryDate, releaseFacts as factsOf, releasesAtom } from '../../plugins/releases-feed/feed';

const releaseFacts = (markdown: string) => factsOf(parseMarkdown(markdown));

/** The feed as fast-xml-parser reads it: attributes as keys, an element's text as '#text'. */
interface AtomEntry {
  id: string;
  title: { '#text': string };
  summary: { '#text': string };
  published: string;
  updated: string;
  link: { href: string };
  category?: { term: string };
}
interface AtomFeed {
  xmlns: string;
  id: string;
  updated: string;
  link: { rel?: string; href: string } | { rel?: string; href: string }[];
  entry: AtomEntry | AtomEntry[];
}

describe('release facts', () => {
  it('reads Version and Release date from the At a glance table', () => {
    const md =
      '## At a glance\n\n| Item | Value |\n| --- | --- |\n| Version | 6.5.0 |\n| Release date | 2025-03-18 |\n';
    expect(releaseFacts(md)).toEqual({ version: '6.5.0', date: '2025-03-18' });
  });
  it('ignores tables without those rows and dates that are not ISO', () => {
    const md =
      '| A | B |\n| - | - |\n| x | y |\n\n| Item | Value |\n| - | - |\n| Version | 6.1.0 |\n| Release date | April 2023 |\n';
    expect(releaseFacts(md)).toEqual({ version: '6.1.0', date: null });
    expect(releaseFacts('No table.')).toEqual({ version: null, date: null });
  });
  it('dates a release without a date on the first day of its month, and says so', () => {
    expect(entryDate('/releases/2025-03', { version: null, date: null })).toEqual({
      date: '2025-03-01',
      fromPage: false,
    });
    expect(entryDate('/releases/2025-03', { version: null, date: '2025-03-18' })).toEqual({
      date: '2025-03-18',
      fromPage: true,
    });
  });
});

describe('releases Atom feed', () => {
  const site = { siteUrl: 'https://docs.example.com', siteTitle: 'Veriq Docs' };
  const xml = releasesAtom(site, [
    {
      title: 'Veriq 6.4 & co',
      description: 'Adds <b>things</b>.',
      permalink: '/releases/2025-01',
      version: '6.4.0',
      date: '2025-01-21',
    },
    {
      title: 'Veriq 6.5',
      description: 'Newest.',
      permalink: '/releases/2025-03',
      version: '6.5.0',
      date: '2025-03-18',
    },
    { title: 'Veriq 6.0', description: 'Oldest.', permalink: '/releases/2023-02', version: null, date: '2023-02-14' },
  ]);
  const { feed: atom } = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(xml) as {
    feed: AtomFeed;
  };

  it('is Atom with a stable id, the newest release date as updated, and a self link', () => {
    expect(atom.xmlns).toBe('http://www.w3.org/2005/Atom');
    expect(atom.id).toBe('https://docs.example.com/releases/feed.xml');
    expect(atom.updated).toBe('2025-03-18T00:00:00.000Z');
    const links = [atom.link].flat();
    expect(links).toContainEqual(
      expect.objectContaining({ rel: 'self', href: 'https://docs.example.com/releases/feed.xml' }),
    );
  });

  it('has one entry per release, newest first, with title, version, date, summary and link', () => {
    const entries = [atom.entry].flat();
    expect(entries.map((e: { id: string }) => e.id)).toEqual([
      'https://docs.example.com/releases/2025-03',
      'https://docs.example.com/releases/2025-01',
      'https://docs.example.com/releases/2023-02',
    ]);
    const [newest, middle, oldest] = entries;
    expect(newest.title['#text'] ?? newest.title).toBe('Veriq 6.5');
    expect(newest.published).toBe('2025-03-18T00:00:00.000Z');
    expect(newest.updated).toBe('2025-03-18T00:00:00.000Z');
    expect(newest.link.href).toBe('https://docs.example.com/releases/2025-03');
    expect(newest.category?.term).toBe('6.5.0');
    expect(middle.title['#text'] ?? middle.title).toBe('Veriq 6.4 & co');
    expect(middle.summary['#text'] ?? middle.summary).toBe('Adds <b>things</b>.');
    expect(oldest.category).toBeUndefined();
  });

  it('is the same for the same pages (no build time in it)', () => {
    expect(
      releasesAtom(site, [
        { title: 'A', description: 'B', permalink: '/releases/2025-03', version: '1', date: '2025-03-18' },
      ]),
    ).toBe(
      releasesAtom(site, [
        { title: 'A', description: 'B', permalink: '/releases/2025-03', version: '1', date: '2025-03-18' },
      ]),
    );
  });
});
