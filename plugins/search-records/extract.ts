// Pure extraction of search records from a doc's markdown (no file system, no Docusaurus state).
// The markdown is parsed with mdast (CommonMark + GFM + directives, as Docusaurus reads .md
// files) and each section's text is its blocks' plain text (mdast-util-to-string), with code
// kept, diagrams and HTML tags left out. Heading anchors follow Docusaurus' own heading plugin
// (mdx-loader/remark/headings): one github-slugger per page over every heading in document
// order, on the heading's plain text, with an explicit `{#id}` taking over and not counting
// towards the slugger.

import { admonitionTitleToDirectiveLabel, createSlugger, parseMarkdownHeadingId } from '@docusaurus/utils';
import matter from 'gray-matter';
import type { Nodes, Parents, Root } from 'mdast';
import { directiveFromMarkdown } from 'mdast-util-directive';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { toString } from 'mdast-util-to-string';
import { directive } from 'micromark-extension-directive';
import { gfm } from 'micromark-extension-gfm';
import type { SearchRecord } from '../../src/search/records';

const CATEGORY_SEPARATOR = ' › ';

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

/** Code languages whose source is not reader text (diagrams). */
const SKIPPED_CODE = new Set(['mermaid']);
/** Docusaurus' admonition keywords, whose legacy `:::note Title` form becomes `:::note[Title]`. */
const ADMONITIONS = ['note', 'tip', 'info', 'warning', 'danger', 'caution', 'important', 'secondary', 'success'];

/** Removes a leading YAML front matter block. */
export function stripFrontMatter(markdown: string): string {
  return matter(markdown).content;
}

function parse(markdown: string): Root {
  return fromMarkdown(admonitionTitleToDirectiveLabel(markdown, ADMONITIONS), {
    extensions: [gfm(), directive()],
    mdastExtensions: [gfmFromMarkdown(), directiveFromMarkdown()],
  });
}

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();
/** Raw HTML in .md files: its text is reader text, its tags and comments are not. */
const htmlText = (html: string) => html.replace(/<!--[\s\S]*?-->/g, '').replace(/<\/?[A-Za-z][^>]*>/g, '');

/**
 * Rewrites what mdast-util-to-string would read wrongly: raw HTML to its text, diagrams away,
 * and text or leaf directives nobody meant (`Note:This`) back to their source text, as
 * Docusaurus' own unused-directives plugin does.
 */
function normalise(node: Nodes): Nodes[] {
  switch (node.type) {
    case 'html':
      return [{ type: 'text', value: htmlText(node.value) }];
    case 'code':
      return node.lang && SKIPPED_CODE.has(node.lang.toLowerCase()) ? [] : [node];
    case 'textDirective':
    case 'leafDirective':
      return [{ type: 'text', value: `:${node.name}` }, ...node.children.flatMap(normalise)] as Nodes[];
    default:
      if ('children' in node) (node as Parents).children = node.children.flatMap(normalise) as Parents['children'];
      return [node];
  }
}

/** Block types whose plain text is one run of words. */
const LEAF_BLOCKS = new Set(['paragraph', 'heading', 'code', 'tableCell', 'text']);

/** The plain text of a block, its leaf blocks separated by spaces (mdast-util-to-string joins them). */
function blockText(node: Nodes, slug: (heading: Nodes) => void): string {
  if (node.type === 'heading') slug(node);
  if (LEAF_BLOCKS.has(node.type)) return toString(node);
  if ('children' in node) return node.children.map((child) => blockText(child, slug)).join(' ');
  return '';
}

/** Heading plain text and its id, as Docusaurus renders them. */
export function headingText(raw: string): { text: string; explicitId: string | undefined } {
  const parsed = parseMarkdownHeadingId(raw.trim());
  return { text: collapse(parsed.text), explicitId: parsed.id };
}

/** Inline markdown to plain text (code spans kept verbatim, markup and HTML tags dropped). */
export function inlineToText(markdown: string): string {
  return collapse(
    parse(markdown)
      .children.flatMap(normalise)
      .map((node) => blockText(node, () => undefined))
      .join(' '),
  );
}

/** Splits one page into its lead record and one record per h2/h3 section. */
export function extractRecords(markdown: string, page: PageInfo): SearchRecord[] {
  const root = parse(stripFrontMatter(markdown));
  const slugger = createSlugger();
  const records: SearchRecord[] = [];
  let current: { section: string; url: string; text: string[] } = { section: '', url: page.permalink, text: [] };
  const flush = () => {
    records.push({
      id: current.url,
      title: page.title,
      section: current.section,
      category: page.category,
      content: collapse(current.text.join(' ')),
      url: current.url,
    });
  };
  const headingOf = (node: Nodes) => {
    const { text, explicitId } = headingText(toString(node));
    return { text, id: explicitId ?? slugger.slug(text) };
  };

  for (const node of root.children.flatMap(normalise)) {
    if (node.type === 'heading') {
      const { text, id } = headingOf(node);
      if (node.depth === 2 || node.depth === 3) {
        flush();
        current = { section: text, url: `${page.permalink}#${id}`, text: [] };
      } else if (node.depth > 3) {
        current.text.push(text);
      }
      continue;
    }
    current.text.push(blockText(node, headingOf));
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
