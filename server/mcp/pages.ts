// Reading the site for get_page, list_pages and get_release_notes: which page a path or URL
// names (read as the gate reads paths), and the Markdown answers, with absolute links.
import { normalisePath, pagePath } from '../guide-gate/paths.ts';
import type { McpNavItem, McpNavSection, McpPage, McpRelease, McpSite } from './data.ts';

/** A caller-given path or URL, longer than any page address could be. */
const MAX_ADDRESS_LENGTH = 2048;

export type Resolved = { ok: true; page: McpPage } | { ok: false; problem: string };

/**
 * The page a path (`/install-options`, `install-options.md`, `/guides/x#part`) or a URL of this
 * site names. Other origins are refused: the tool reads this site only.
 */
export function resolvePage(site: McpSite, address: string, requestOrigin: string): Resolved {
  const raw = address.trim();
  const example = `e.g. "/install-options" or "${site.siteUrl}/install-options"`;
  if (raw === '') return { ok: false, problem: `Give a page path or URL, ${example}.` };
  if (raw.length > MAX_ADDRESS_LENGTH)
    return { ok: false, problem: `That address is too long to be a page: give its path, ${example}.` };
  let pathname = raw;
  if (/^[a-z][a-z0-9+.-]*:/i.test(raw)) {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return { ok: false, problem: `"${raw.slice(0, 200)}" is not a URL: give a page path, ${example}.` };
    }
    if (url.origin !== site.siteUrl && url.origin !== requestOrigin) {
      return { ok: false, problem: `Only pages of ${site.siteUrl} can be read: give a path of this site, ${example}.` };
    }
    pathname = url.pathname;
  } else {
    pathname = ('/' + raw).replace(/[?#].*$/, '');
  }
  const normalised = normalisePath(pathname);
  if (normalised === null)
    return { ok: false, problem: `That path cannot be decoded: give it as plain text, ${example}.` };
  const route = pagePath(normalised).replace(/\.md$/, '');
  const wanted = route === '/index' ? '/' : route;
  const page = site.pages.find((p) => p.permalink.toLowerCase() === wanted);
  if (!page) {
    return {
      ok: false,
      problem: `No page at "${wanted.slice(0, 200)}". Use search_docs to find a page, or list_pages to browse them.`,
    };
  }
  return { ok: true, page };
}

export const pageUrl = (site: McpSite, permalink: string) => site.siteUrl + permalink;
export const twinUrl = (site: McpSite, permalink: string) =>
  site.siteUrl + (permalink === '/' ? '/index.md' : `${permalink.replace(/\/+$/, '')}.md`);

/** The page's twin with where it lives and when it last changed. */
export function pageAnswer(site: McpSite, page: McpPage, twin: string): string {
  const facts = [
    `URL: ${pageUrl(site, page.permalink)}`,
    `Markdown: ${twinUrl(site, page.permalink)}`,
    ...(page.lastUpdated ? [`Last updated: ${page.lastUpdated}`] : []),
  ];
  return `${facts.join('\n')}\n\n${twin.trim()}\n`;
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
const linkText = (text: string) => oneLine(text).replace(/([[\]])/g, '\\$1');

/** Sidebar titles and category labels a `section` argument may name. */
export function sectionNames(site: McpSite): string[] {
  const names: string[] = [];
  const walk = (items: readonly McpNavItem[]) => {
    for (const item of items) {
      if (item.items) {
        names.push(item.label);
        walk(item.items);
      }
    }
  };
  for (const sidebar of site.sidebars) {
    names.push(sidebar.title);
    walk(sidebar.items);
  }
  return [...new Set(names)];
}

/** The sidebar or category named `section` (case-insensitive), as a section of its own. */
export function findSection(site: McpSite, section: string): McpNavSection | null {
  const wanted = section.trim().toLowerCase();
  const sidebar = site.sidebars.find((s) => s.title.toLowerCase() === wanted);
  if (sidebar) return sidebar;
  const walk = (items: readonly McpNavItem[]): McpNavItem | null => {
    for (const item of items) {
      if (item.items && item.label.toLowerCase() === wanted) return item;
      const found = item.items ? walk(item.items) : null;
      if (found) return found;
    }
    return null;
  };
  for (const s of site.sidebars) {
    const found = walk(s.items);
    if (found)
      return {
        title: found.label,
        items: found.permalink ? [{ label: found.label, permalink: found.permalink }, ...found.items!] : found.items!,
      };
  }
  return null;
}

/** A Markdown outline of sidebars; guide descriptions only for a caller with rights. */
export function navAnswer(site: McpSite, sections: readonly McpNavSection[], rights: boolean): string {
  const byPermalink = new Map(site.pages.map((p) => [p.permalink, p]));
  const lines: string[] = [];
  const line = (item: McpNavItem, depth: number) => {
    const indent = '  '.repeat(depth);
    const page = item.permalink ? byPermalink.get(item.permalink) : undefined;
    const lock = page?.guide && !rights ? ' (guide: sign in to read)' : '';
    const description = page?.description && (!page.guide || rights) ? `: ${oneLine(page.description)}` : '';
    lines.push(
      item.permalink
        ? `${indent}- [${linkText(item.label)}](${pageUrl(site, item.permalink)})${description}${lock}`
        : `${indent}- ${oneLine(item.label)}`,
    );
    for (const child of item.items ?? []) line(child, depth + 1);
  };
  for (const section of sections) {
    lines.push(`## ${section.title}`, '');
    for (const item of section.items) line(item, 0);
    lines.push('');
  }
  return lines.join('\n');
}

/** The release a version names (`6.5`, `v6.5.1`), or the latest; null when none matches. */
export function findRelease(site: McpSite, version: string | undefined): McpRelease | null {
  if (site.releases.length === 0) return null;
  const wanted = version?.trim().replace(/^v/i, '').toLowerCase();
  if (!wanted || wanted === 'latest') return site.releases[0];
  return (
    site.releases.find((r) => r.version.toLowerCase() === wanted) ??
    site.releases.find((r) => r.version.toLowerCase().startsWith(wanted + '.')) ??
    null
  );
}
