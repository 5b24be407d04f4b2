// The one parse of a doc's source: front matter split off, then the Markdown read into an mdast
// tree the way Docusaurus reads it (`.md` as CommonMark, `.mdx` as MDX, both with GFM and
// directives; legacy `:::note Title` as `:::note[Title]`). The tree is shared: a consumer that
// rewrites it works on a copy (structuredClone).
// Why: maintainers/decisions/2026-11-27-docs-one-parse.md
import { admonitionTitleToDirectiveLabel, createSlugger, parseMarkdownHeadingId } from '@docusaurus/utils';
import matter from 'gray-matter';
import type { Heading, Nodes, Root } from 'mdast';
import { directiveFromMarkdown } from 'mdast-util-directive';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { mdxFromMarkdown } from 'mdast-util-mdx';
import { toString } from 'mdast-util-to-string';
import { directive } from 'micromark-extension-directive';
import { gfm } from 'micromark-extension-gfm';
import { mdxjs } from 'micromark-extension-mdxjs';

/** Docusaurus' admonition keywords, whose legacy `:::note Title` form becomes `:::note[Title]`. */
const ADMONITIONS = ['note', 'tip', 'info', 'warning', 'danger', 'caution', 'important', 'secondary', 'success'];

export interface HeadingInfo {
  /** Plain text, an explicit `{#id}` removed. */
  text: string;
  /** The anchor Docusaurus gives it. */
  id: string;
}

export interface ParsedDoc {
  /** The source file relative to the site directory, e.g. `docs/guides/concept.md`. */
  sourcePath: string;
  /** Whether the file is MDX (imports, JSX and expressions are syntax, not text). */
  mdx: boolean;
  frontMatter: Record<string, unknown>;
  /** The Markdown the tree was parsed from (the file without its front matter); positions index it. */
  markdown: string;
  /** Read-only: copy it before rewriting it. */
  tree: Root;
  /** Every heading's text and anchor, in document order. */
  headings: Map<Heading, HeadingInfo>;
}

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();
/** Raw HTML in .md files: its text is reader text, its tags and comments are not. */
const htmlText = (html: string) => html.replace(/<!--[\s\S]*?-->/g, '').replace(/<\/?[A-Za-z][^>]*>/g, '');

/**
 * The text a reader sees in a node, run together as mdast-util-to-string does, except that raw
 * HTML reads as its text without tags, MDX code (imports, expressions) as nothing, and text or leaf directives nobody meant (`Note:This`)
 * read as their source text, as Docusaurus' unused-directives plugin renders them.
 */
export function plainText(node: Nodes): string {
  if (node.type === 'html') return htmlText(node.value);
  // MDX imports, exports and expressions are code the page runs, not text it shows.
  if (node.type === 'mdxjsEsm' || node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') return '';
  if (node.type === 'textDirective' || node.type === 'leafDirective') {
    return `:${node.name}${node.children.map(plainText).join('')}`;
  }
  if ('children' in node) return node.children.map((child) => plainText(child as Nodes)).join('');
  return toString(node);
}

/** Heading plain text and its explicit id, as Docusaurus reads them. */
export function headingText(raw: string): { text: string; explicitId: string | undefined } {
  const parsed = parseMarkdownHeadingId(raw.trim());
  return { text: collapse(parsed.text), explicitId: parsed.id };
}

/**
 * Heading anchors as Docusaurus' heading plugin (mdx-loader remark/headings) gives them: one
 * github-slugger per page over every heading in document order, on the heading's plain text, an
 * explicit `{#id}` taking over without counting towards the slugger.
 */
function headingsOf(tree: Root): Map<Heading, HeadingInfo> {
  const slugger = createSlugger();
  const headings = new Map<Heading, HeadingInfo>();
  const visit = (node: Nodes) => {
    if (node.type === 'heading') {
      const { text, explicitId } = headingText(plainText(node));
      headings.set(node, { text, id: explicitId ?? slugger.slug(text) });
      return;
    }
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(tree);
  return headings;
}

function parseTree(markdown: string, mdx: boolean): Root {
  return fromMarkdown(markdown, {
    extensions: [gfm(), directive(), ...(mdx ? [mdxjs()] : [])],
    mdastExtensions: [gfmFromMarkdown(), directiveFromMarkdown(), ...(mdx ? [mdxFromMarkdown()] : [])],
  });
}

/** Parses Markdown that is not a whole file (no front matter), e.g. an inline snippet. */
export function parseMarkdown(markdown: string, mdx = false): Root {
  return parseTree(admonitionTitleToDirectiveLabel(markdown, ADMONITIONS), mdx);
}

/** Parses one doc file, front matter included. */
export function parseDoc(sourcePath: string, text: string): ParsedDoc {
  const { data, content } = matter(text);
  const mdx = sourcePath.endsWith('.mdx');
  const markdown = admonitionTitleToDirectiveLabel(content, ADMONITIONS);
  const tree = parseTree(markdown, mdx);
  return { sourcePath, mdx, frontMatter: data, markdown, tree, headings: headingsOf(tree) };
}
