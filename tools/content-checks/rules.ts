// Pure checks behind `npm run lint:content`: each takes parsed pages and returns findings, so
// the CLI stays a thin loop and the rules are unit-tested (tests/unit/content-rules.test.ts).
// Only the site's own rules live here (length, structure the table of contents and the build
// rely on, repeated sentences, front matter facts); generic Markdown rules (fence languages, one
// h1, list and emphasis style) are markdownlint-cli2's, configured in .markdownlint-cli2.jsonc.
import matter from 'gray-matter';
import type { Nodes, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { directiveFromMarkdown } from 'mdast-util-directive';
import { mdxFromMarkdown } from 'mdast-util-mdx';
import { toString } from 'mdast-util-to-string';
import { gfm } from 'micromark-extension-gfm';
import { directive } from 'micromark-extension-directive';
import { mdxjs } from 'micromark-extension-mdxjs';

import { median } from '../lib/stats';

export interface Page {
  /** Path relative to the repo, e.g. docs/guides/connections/snowflake.md */
  file: string;
  frontMatter: Record<string, string>;
  /** Front matter lines whose unquoted value YAML would misread (e.g. a second `: `). */
  unsafeFrontMatter: string[];
  body: string;
  /** The body as Markdown syntax tree: CommonMark + GFM + directives (admonitions), MDX for .mdx. */
  tree: Root;
}

export interface Finding {
  file: string;
  message: string;
}

export const MIN_WORDS = 400;
export const MIN_WORDS_INTRO = 300;
export const MEDIAN_WORDS = 700;
export const REPEAT_MIN_WORDS = 12;
export const REPEAT_MAX_PAGES = 2;

const PLACEHOLDERS = [/lorem ipsum/i, /\bTBD\b/, /\bTODO\b/, /coming soon/i, /to be written/i, /placeholder text/i];

export function parsePage(file: string, source: string): Page {
  const unsafeFrontMatter: string[] = [];
  const frontMatter: Record<string, string> = {};
  let body = source;
  const block = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(source);
  if (block) {
    // An unquoted value with `: ` or ` #` either fails to parse or loses its tail to a comment.
    for (const line of block[1].split(/\r?\n/)) {
      const kv = /^([A-Za-z_]+):\s*(.*)$/.exec(line);
      if (kv && !/^['"]/.test(kv[2]) && (/: /.test(kv[2]) || / #/.test(kv[2]) || /^[[{&*!|>%@`]/.test(kv[2]))) {
        unsafeFrontMatter.push(kv[1]);
      }
    }
    body = source.slice(block[0].length);
    try {
      // gray-matter caches by input; a fresh options object keeps one page's parse from another's.
      const parsed = matter(source, {});
      body = parsed.content;
      for (const [key, value] of Object.entries(parsed.data)) {
        if (value !== null && typeof value !== 'object') frontMatter[key] = String(value).trim();
      }
    } catch {
      // Reported through unsafeFrontMatter; the body is still checked.
    }
  }
  const mdx = file.endsWith('.mdx');
  const tree = fromMarkdown(body, {
    extensions: [gfm(), directive(), ...(mdx ? [mdxjs()] : [])],
    mdastExtensions: [gfmFromMarkdown(), directiveFromMarkdown(), ...(mdx ? [mdxFromMarkdown()] : [])],
  });
  return { file, frontMatter, unsafeFrontMatter, body, tree };
}

/** Every node of the tree, depth first. */
function nodes(tree: Nodes): Nodes[] {
  const out: Nodes[] = [tree];
  if ('children' in tree) for (const child of tree.children) out.push(...nodes(child));
  return out;
}

/** The tree without code blocks, HTML comments and front matter: what a reader reads as prose. */
function withoutCode(tree: Nodes): Nodes {
  if (!('children' in tree)) return tree;
  const children = (tree.children as Nodes[])
    .filter((c) => c.type !== 'code' && !(c.type === 'html' && c.value.trimStart().startsWith('<!--')))
    .map(withoutCode);
  return { ...tree, children } as Nodes;
}

/** Prose words only: code blocks, HTML comments and Markdown syntax do not count. */
export function proseWords(body: string | Page): number {
  const tree = typeof body === 'string' ? parsePage('docs/page.md', body).tree : body.tree;
  return proseText(withoutCode(tree))
    .split(/\s+/)
    .filter((w) => /[A-Za-z0-9]/.test(w)).length;
}

/** Text of a subtree with block boundaries kept as spaces (toString would glue "end.Next"). */
function proseText(node: Nodes): string {
  if ('children' in node) return (node.children as Nodes[]).map(proseText).join(' ');
  return 'value' in node && node.type !== 'html' ? node.value : '';
}

export function isIntroPage(page: Page): boolean {
  return /\/intro\.mdx?$/.test(page.file) || page.frontMatter.page_kind === 'intro';
}

const jsxName = (node: Nodes): string | null =>
  node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement'
    ? node.name
    : node.type === 'html'
      ? (/^<([A-Z][A-Za-z]*)/.exec(node.value)?.[1] ?? null)
      : null;

export function checkPage(page: Page): Finding[] {
  const out: Finding[] = [];
  const add = (message: string) => out.push({ file: page.file, message });
  const { title, description } = page.frontMatter;
  for (const key of page.unsafeFrontMatter) add(`front matter "${key}" must be quoted: YAML misreads its value`);
  if (!title) add('front matter has no title');
  if (!description) add('front matter has no description');
  else if (description.length < 50 || description.length > 220)
    add(`description is ${description.length} characters; keep it between 50 and 220`);
  if (title && title.length > 28 && !page.frontMatter.sidebar_label)
    add('title is longer than 28 characters: add a sidebar_label');

  const all = nodes(page.tree);
  const headings = all.filter((n) => n.type === 'heading');
  if (headings.some((h) => h.depth >= 4)) add('body uses h4: the table of contents shows h2 and h3 only');
  const h2 = headings.filter((h) => h.depth === 2).map((h) => toString(h));
  if (h2.length === 0) add('body has no h2 section');
  if (!h2.some((text) => /^(Related|Next steps)/.test(text))) add('no closing "## Related" or "## Next steps" section');
  const components = new Set(all.map(jsxName).filter((name): name is string => name !== null));
  if (components.has('CodeBlock'))
    add(
      '<CodeBlock> in MDX is shown as plain text: code is highlighted at build time from fenced code blocks only, so write a fenced block (```sql title="...")',
    );

  for (const pattern of PLACEHOLDERS) {
    if (pattern.test(page.body)) add(`placeholder text matches ${pattern}`);
  }

  const words = proseWords(page);
  const min = isIntroPage(page) ? MIN_WORDS_INTRO : MIN_WORDS;
  if (words < min) add(`${words} words; the minimum is ${min}`);
  return out;
}

/** Sentences of prose (paragraphs, list items, admonitions; not code, tables or headings), normalised. */
export function sentences(page: Page): string[] {
  const paragraphs: string[] = [];
  const collect = (node: Nodes) => {
    if (node.type === 'paragraph') paragraphs.push(proseText(node));
    else if ('children' in node && node.type !== 'table' && node.type !== 'heading')
      (node.children as Nodes[]).forEach(collect);
  };
  collect(page.tree);
  return paragraphs
    .join(' ')
    .split(/(?<=[.!?])\s+/)
    .map((s) =>
      s
        .toLowerCase()
        .replace(/[^a-z0-9 ]+/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((s) => s.split(' ').length >= REPEAT_MIN_WORDS);
}

export function checkRepeatedSentences(pages: Page[]): Finding[] {
  const seen = new Map<string, Set<string>>();
  for (const page of pages) {
    for (const s of new Set(sentences(page))) {
      const files = seen.get(s) ?? new Set<string>();
      files.add(page.file);
      seen.set(s, files);
    }
  }
  const out: Finding[] = [];
  for (const [sentence, files] of seen) {
    if (files.size > REPEAT_MAX_PAGES) {
      out.push({
        file: [...files].sort().join(', '),
        message: `sentence repeated on ${files.size} pages: "${sentence.slice(0, 90)}..."`,
      });
    }
  }
  return out;
}

export function checkUniqueDescriptions(pages: Page[]): Finding[] {
  const byDescription = new Map<string, string[]>();
  for (const page of pages) {
    const d = page.frontMatter.description;
    if (d) byDescription.set(d, [...(byDescription.get(d) ?? []), page.file]);
  }
  return [...byDescription.values()]
    .filter((files) => files.length > 1)
    .map((files) => ({ file: files.join(', '), message: 'description is shared by several pages' }));
}

/** Sections are the folders under docs/ (top-level files form the "install" section). */
export function sectionOf(file: string): string {
  const rel = file.replace(/^docs\//, '');
  const parts = rel.split('/');
  if (parts.length === 1) return 'install';
  return parts.slice(0, parts[0] === 'guides' ? 2 : 1).join('/');
}

export function checkSectionMedians(pages: Page[]): Finding[] {
  const bySection = new Map<string, number[]>();
  for (const page of pages) {
    const s = sectionOf(page.file);
    bySection.set(s, [...(bySection.get(s) ?? []), proseWords(page)]);
  }
  const out: Finding[] = [];
  for (const [section, counts] of bySection) {
    // A section of one or two pages is judged page by page; the median needs a family.
    if (counts.length >= 3 && median(counts) < MEDIAN_WORDS) {
      out.push({
        file: `docs/${section}`,
        message: `median page is ${median(counts)} words; the bar is ${MEDIAN_WORDS}`,
      });
    }
  }
  return out;
}
