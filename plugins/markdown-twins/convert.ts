// Pure conversion of a parsed doc (plugins/docs-content) into its Markdown twin (no file system,
// no Docusaurus state): a copy of the doc's tree, printed again with admonitions, tables and code
// fences kept; imports, exports and expressions dropped, JSX elements replaced by their Markdown
// children, and site links made absolute links to the twins of their pages.
import type { Nodes, Parent, Root, RootContent } from 'mdast';
import { toMarkdown, type Options as ToMarkdownOptions } from 'mdast-util-to-markdown';
import { gfmToMarkdown } from 'mdast-util-gfm';
import { directiveToMarkdown } from 'mdast-util-directive';
import { mdxToMarkdown } from 'mdast-util-mdx';
import type { ParsedDoc } from '../docs-content/parse';
import { twinPath } from '../../shared/routing/twin';

export interface TwinSource {
  title: string;
  description?: string;
  doc: ParsedDoc;
}

export interface SiteLinks {
  /** Canonical origin without a trailing slash, e.g. `https://docs.veriq.io`. */
  siteUrl: string;
  /** The permalink of the doc at this route, or null when the route is not a doc. */
  docAtRoute(route: string): string | null;
  /** The permalink of the doc in this source file (site-relative path), or null. */
  docAtSource(sourcePath: string): string | null;
  /** Whether a link may point at this doc's twin rather than its page (default: always). */
  linksToTwin?(permalink: string): boolean;
}

/** The URL path a link to a doc gets: its twin, or its page when the twin is not to be advertised. */
function docTarget(permalink: string, links: SiteLinks): string {
  return (links.linksToTwin?.(permalink) ?? true) ? twinPath(permalink) : permalink;
}

const DROPPED = new Set(['mdxjsEsm', 'mdxFlowExpression', 'mdxTextExpression']);
const UNWRAPPED = new Set(['mdxJsxFlowElement', 'mdxJsxTextElement']);

/** Resolves `a/../b` segments of a slash-separated path. */
function normalisePath(path: string): string {
  const out: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '..') out.pop();
    else if (segment !== '.' && segment !== '') out.push(segment);
  }
  return out.join('/');
}

/** A link target as the twin should carry it: absolute, and to a twin when the target has one. */
export function rewriteUrl(url: string, from: string, links: SiteLinks): string {
  if (/^[a-z][a-z0-9+.-]*:|^\/\/|^#/i.test(url)) return url;
  const hashAt = url.search(/[?#]/);
  const path = hashAt === -1 ? url : url.slice(0, hashAt);
  const suffix = hashAt === -1 ? '' : url.slice(hashAt);
  if (path.startsWith('/')) {
    const doc = links.docAtRoute(path.replace(/\/+$/, '') || '/');
    return `${links.siteUrl}${doc ? docTarget(doc, links) : path}${suffix}`;
  }
  // A relative link to another source file (`../connections/snowflake.md`), as Docusaurus allows.
  if (/\.mdx?$/.test(path)) {
    const sourceDir = from.split('/').slice(0, -1).join('/');
    const doc = links.docAtSource(normalisePath(`${sourceDir}/${path}`));
    if (doc) return `${links.siteUrl}${docTarget(doc, links)}${suffix}`;
  }
  return url;
}

/** Rewrites the children of one parent in place (drops, unwraps JSX, rewrites link targets). */
function clean(parent: Parent, from: string, links: SiteLinks): void {
  const children: RootContent[] = [];
  for (const child of parent.children) {
    const node = child as Nodes;
    if (DROPPED.has(node.type)) continue;
    if (node.type === 'html' && /^\s*<!--[\s\S]*-->\s*$/.test(node.value)) continue;
    if ('children' in node) clean(node, from, links);
    if (UNWRAPPED.has(node.type)) {
      children.push(...(node as Parent).children);
      continue;
    }
    if (node.type === 'link' || node.type === 'image' || node.type === 'definition') {
      node.url = rewriteUrl(node.url, from, links);
    }
    children.push(child);
  }
  parent.children = children;
}

// The directive extension escapes every `:` before a word character so that nothing re-parses
// as a text directive (`02\:00`). The twin is read, not fed back to Docusaurus, so those escapes
// would only be noise; its other safety rules (directive labels) are kept.
const directiveOut = directiveToMarkdown();
directiveOut.unsafe = directiveOut.unsafe?.filter((rule) => rule.character !== ':');

const PRINT: ToMarkdownOptions = {
  bullet: '-',
  emphasis: '_',
  fences: true,
  rule: '-',
  listItemIndent: 'one',
  resourceLink: true,
};

/** The Markdown twin of one doc: `# title`, the description as a quote, then the content. */
export function toTwinMarkdown(source: TwinSource, links: SiteLinks): string {
  const { mdx, sourcePath } = source.doc;
  // The doc's tree is shared with the other structures built from it: clean a copy.
  const tree: Root = structuredClone(source.doc.tree);
  clean(tree, sourcePath, links);
  // A page may repeat its title as a leading `# ` heading; the twin already starts with it.
  const first = tree.children[0];
  if (first?.type === 'heading' && first.depth === 1) tree.children.shift();
  const body = toMarkdown(tree, {
    ...PRINT,
    extensions: [gfmToMarkdown({ tablePipeAlign: false }), directiveOut, ...(mdx ? [mdxToMarkdown()] : [])],
  }).trim();
  const description = source.description?.replace(/\s+/g, ' ').trim();
  return [`# ${source.title}`, ...(description ? [`> ${description}`] : []), body].join('\n\n') + '\n';
}
