// Search records from a parsed doc (plugins/docs-content; no file system, no Docusaurus state).
// Each section's text is its blocks' plain text, with code kept, diagrams and HTML tags left out;
// its anchor is the heading's, as the docs-content parse gives it.

import type { Nodes, RootContent } from 'mdast';
import { parseMarkdown, plainText, type ParsedDoc } from '../docs-content/parse';
import type { SearchRecord } from '../../shared/search/records';

export interface PageInfo {
  title: string;
  permalink: string;
  category: string;
}

/** One section of a page: the lead (no heading) or an h2/h3 and what follows it. */
export interface Section {
  /** The heading's text; empty for the lead. */
  section: string;
  /** The heading's anchor; null for the lead. */
  anchor: string | null;
  /** Plain text of the section, whitespace collapsed. */
  text: string;
}

/** Code languages whose source is not reader text (diagrams). */
const SKIPPED_CODE = new Set(['mermaid']);

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Block types whose plain text is one run of words. */
const LEAF_BLOCKS = new Set(['paragraph', 'heading', 'code', 'tableCell', 'text', 'html']);

/** The plain text of a block, its leaf blocks separated by spaces (plainText runs them together). */
function blockText(node: Nodes): string {
  if (node.type === 'code' && node.lang && SKIPPED_CODE.has(node.lang.toLowerCase())) return '';
  // A leaf directive on a line of its own is a stray `::name`: its name and its content's words.
  if (node.type === 'leafDirective') return [`:${node.name}`, ...node.children.map(blockText)].join(' ');
  if (LEAF_BLOCKS.has(node.type)) return plainText(node);
  if ('children' in node) return node.children.map((child) => blockText(child as Nodes)).join(' ');
  return '';
}

/**
 * A JSX element's Markdown as if it stood on its own (`<Tabs>` around a section): its headings
 * start sections as they would in a .md file, where the tags are separate HTML blocks.
 */
function unwrapJsx(node: RootContent): RootContent[] {
  return node.type === 'mdxJsxFlowElement' ? (node.children as RootContent[]).flatMap(unwrapJsx) : [node];
}

/** Inline markdown to plain text (code spans kept verbatim, markup and HTML tags dropped). */
export function inlineToText(markdown: string): string {
  return collapse(
    parseMarkdown(markdown)
      .children.map((node) => blockText(node))
      .join(' '),
  );
}

/** Splits one page into its lead and one section per h2/h3; deeper headings stay in the text. */
export function sectionsOf(doc: ParsedDoc): Section[] {
  const sections: Section[] = [];
  let current: { section: string; anchor: string | null; text: string[] } = { section: '', anchor: null, text: [] };
  const flush = () =>
    sections.push({ section: current.section, anchor: current.anchor, text: collapse(current.text.join(' ')) });
  for (const node of doc.tree.children.flatMap(unwrapJsx)) {
    if (node.type === 'heading') {
      const heading = doc.headings.get(node)!;
      if (node.depth === 2 || node.depth === 3) {
        flush();
        current = { section: heading.text, anchor: heading.id, text: [] };
      } else if (node.depth > 3) {
        current.text.push(heading.text);
      }
      continue;
    }
    current.text.push(blockText(node));
  }
  flush();
  return sections;
}

/** A page's search records: one per section, linked to its heading. */
export function recordsOf(sections: readonly Section[], page: PageInfo): SearchRecord[] {
  return sections.map(({ section, anchor, text }) => {
    const url = anchor === null ? page.permalink : `${page.permalink}#${anchor}`;
    return { id: url, title: page.title, section, category: page.category, content: text, url };
  });
}
