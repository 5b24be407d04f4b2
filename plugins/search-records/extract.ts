// Pure extraction of search records from a doc's markdown (no file system, no Docusaurus state).
// Heading anchors follow Docusaurus' own heading plugin (mdx-loader/remark/headings): one
// github-slugger per page over every heading in document order, on the heading's plain text,
// with an explicit `{#id}` taking over and not counting towards the slugger.

import { createSlugger, parseMarkdownHeadingId } from '@docusaurus/utils';
import type { SearchRecord } from '../../src/search/records';

export const CATEGORY_SEPARATOR = ' › ';

/** Labels of the sidebars themselves (the first part of every category path). */
export const SIDEBAR_LABELS: Readonly<Record<string, string>> = {
  install: 'Installation',
  guides: 'Guides',
  releases: 'Releases',
  restricted: 'Restricted',
  archived: 'Archived',
};

export interface PageInfo {
  title: string;
  permalink: string;
  category: string;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^\s`]*)/;
const ATX_HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
/** Code languages whose source is not reader text (diagrams). */
const SKIPPED_CODE = new Set(['mermaid']);

/** Removes a leading YAML front matter block. */
export function stripFrontMatter(markdown: string): string {
  const match = /^---[ \t]*\r?\n[\s\S]*?\r?\n---[ \t]*(?:\r?\n|$)/.exec(markdown);
  return match ? markdown.slice(match[0].length) : markdown;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/g, (_, name: string) => ENTITIES[name] ?? '');
}

/** Inline markdown to plain text (what mdast-util-to-string would give); code spans kept verbatim. */
export function inlineToText(markdown: string): string {
  const parts = markdown.split(/(`+)([\s\S]*?[^`])\1(?!`)/);
  let out = '';
  // split with two capture groups: [text, ticks, code, text, ticks, code, ..., text]
  for (let i = 0; i < parts.length; i += 3) {
    out += plainInline(parts[i] ?? '');
    if (i + 2 < parts.length) out += (parts[i + 2] ?? '').trim();
  }
  return out;
}

function plainInline(text: string): string {
  return decodeEntities(
    text
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1') // images: alt text
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1') // links: link text
      .replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1') // reference links
      .replace(/<\/?[A-Za-z][^>]*>/g, '') // HTML tags
      .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2')
      .replace(/(^|[^\w*])\*(?=\S)([^*]*?\S)\*(?!\w)/g, '$1$2')
      .replace(/(^|[^\w])_(?=\S)([^_]*?\S)_(?!\w)/g, '$1$2')
      .replace(/~~(?=\S)([\s\S]*?\S)~~/g, '$1')
      .replace(/\\([\\`*_{}[\]()#+\-.!|<>~])/g, '$1'),
  );
}

/** One line of block markdown (outside code) to plain text. */
function blockLineToText(line: string): string {
  let text = line;
  if (/^\s*:::/.test(text)) text = text.replace(/^\s*:::+\s*[\w-]*\s*/, ''); // admonition fences, keep a title
  if (/^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/.test(text)) return ''; // table separator
  if (/^\s*(import|export)\s/.test(text)) return '';
  text = text
    .replace(/^\s*(>\s?)+/, '')
    .replace(/^\s*([-*+]|\d+[.)])\s+(\[[ xX]\]\s+)?/, '')
    .replace(/^\s*([-*_]\s*){3,}$/, '');
  if (text.includes('|'))
    text = text
      .replace(/^\s*\|/, '')
      .replace(/\|\s*$/, '')
      .replace(/\s*\|\s*/g, ' ');
  return inlineToText(text);
}

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Heading plain text and its id, as Docusaurus renders them. */
export function headingText(raw: string): { text: string; explicitId: string | undefined } {
  const parsed = parseMarkdownHeadingId(raw.trim());
  return { text: collapse(inlineToText(parsed.text)), explicitId: parsed.id };
}

/** Splits one page into its lead record and one record per h2/h3 section. */
export function extractRecords(markdown: string, page: PageInfo): SearchRecord[] {
  const lines = stripFrontMatter(markdown).split(/\r?\n/);
  const slugger = createSlugger();
  const records: SearchRecord[] = [];
  let current: { section: string; url: string; text: string[] } = { section: '', url: page.permalink, text: [] };
  const flush = () => {
    records.push({
      id: current.url,
      title: page.title,
      section: current.section,
      category: page.category,
      content: collapse(current.text.join('\n')),
      url: current.url,
    });
  };

  let fence: { marker: string; skip: boolean } | null = null;
  for (const line of lines) {
    if (fence) {
      const close = new RegExp(`^ {0,3}${fence.marker[0] === '`' ? '`' : '~'}{${fence.marker.length},}\\s*$`);
      if (close.test(line)) fence = null;
      else if (!fence.skip) current.text.push(line);
      continue;
    }
    const open = FENCE.exec(line);
    if (open) {
      fence = { marker: open[1], skip: SKIPPED_CODE.has(open[2].toLowerCase()) };
      continue;
    }
    const heading = ATX_HEADING.exec(line);
    if (heading) {
      const level = heading[1].length;
      const { text, explicitId } = headingText(heading[2] ?? '');
      const id = explicitId ?? slugger.slug(text);
      if (level === 2 || level === 3) {
        flush();
        current = { section: text, url: `${page.permalink}#${id}`, text: [] };
      } else if (level > 3) {
        current.text.push(text);
      }
      continue;
    }
    current.text.push(blockLineToText(line));
  }
  flush();
  return records;
}

// ---- Sidebar category paths ----------------------------------------------------------------

/** The subset of Docusaurus' processed sidebar items this module reads. */
export type SidebarItemLike =
  | { type: 'doc' | 'ref'; id: string; label?: string }
  | { type: 'category'; label: string; items: SidebarItemLike[]; link?: { type: string; id?: string } }
  | { type: 'link' | 'html' };

/** Maps each doc id to its category path, e.g. "Guides › Connections". */
export function categoryPaths(
  sidebars: Record<string, SidebarItemLike[]>,
  labels: Readonly<Record<string, string>> = SIDEBAR_LABELS,
): Map<string, string> {
  const paths = new Map<string, string>();
  const walk = (items: SidebarItemLike[], path: string[]) => {
    for (const item of items) {
      if (item.type === 'doc' || item.type === 'ref') {
        if (!paths.has(item.id)) paths.set(item.id, path.join(CATEGORY_SEPARATOR));
      } else if (item.type === 'category') {
        const inner = [...path, item.label];
        if (item.link?.type === 'doc' && item.link.id && !paths.has(item.link.id)) {
          paths.set(item.link.id, inner.join(CATEGORY_SEPARATOR));
        }
        walk(item.items, inner);
      }
    }
  };
  for (const [sidebarId, items] of Object.entries(sidebars)) {
    walk(items, [labels[sidebarId] ?? sidebarId]);
  }
  return paths;
}
