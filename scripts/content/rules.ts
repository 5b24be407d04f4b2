// Pure checks behind `npm run lint:content`: each takes parsed pages and returns findings, so
// the CLI stays a thin loop and the rules are unit-tested (tests/unit/content-rules.test.ts).

import { median } from '../stats';

export interface Page {
  /** Path relative to the repo, e.g. docs/guides/connections/snowflake.md */
  file: string;
  frontMatter: Record<string, string>;
  /** Front matter lines whose unquoted value YAML would misread (e.g. a second `: `). */
  unsafeFrontMatter: string[];
  body: string;
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
  const match = /^---\n([\s\S]*?)\n---\n?/.exec(source);
  const frontMatter: Record<string, string> = {};
  const unsafeFrontMatter: string[] = [];
  if (match) {
    for (const line of match[1].split('\n')) {
      const kv = /^([A-Za-z_]+):\s*(.*)$/.exec(line);
      if (!kv) continue;
      const value = kv[2];
      if (!/^['"]/.test(value) && (/: /.test(value) || / #/.test(value) || /^[[{&*!|>%@`]/.test(value))) {
        unsafeFrontMatter.push(kv[1]);
      }
      frontMatter[kv[1]] = value.replace(/^(['"])(.*)\1$/, '$2').trim();
    }
  }
  return { file, frontMatter, unsafeFrontMatter, body: match ? source.slice(match[0].length) : source };
}

/** Prose words only: code blocks, HTML comments and Markdown punctuation do not count. */
export function proseWords(body: string): number {
  const text = body
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[#>*_`|:-]/g, ' ');
  return text.split(/\s+/).filter((w) => /[A-Za-z0-9]/.test(w)).length;
}

export function isIntroPage(page: Page): boolean {
  return /\/intro\.md$/.test(page.file) || page.frontMatter.page_kind === 'intro';
}

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

  const bodyNoCode = page.body.replace(/```[\s\S]*?```/g, '');
  if (/^# /m.test(bodyNoCode)) add('body has an h1: the title comes from front matter');
  if (/^#### /m.test(bodyNoCode)) add('body uses h4: the table of contents shows h2 and h3 only');
  if (!/^## /m.test(bodyNoCode)) add('body has no h2 section');
  if (!/^## (Related|Next steps)/m.test(bodyNoCode)) add('no closing "## Related" or "## Next steps" section');
  if (/<DocCard(List)?\b/.test(bodyNoCode))
    add(
      'DocCard/DocCardList show doc descriptions, which plugins/first-load drops from the browser: link the pages in a list instead',
    );
  if (/<CodeBlock\b/.test(bodyNoCode))
    add(
      '<CodeBlock> in MDX is shown as plain text: code is highlighted at build time from fenced code blocks only, so write a fenced block (```sql title="...")',
    );

  const fences = page.body.match(/^```.*$/gm) ?? [];
  for (let i = 0; i < fences.length; i += 2) {
    if (fences[i] === '```') add(`code block ${i / 2 + 1} has no language`);
  }
  if (fences.length % 2 !== 0) add('unbalanced code fence');

  for (const pattern of PLACEHOLDERS) {
    if (pattern.test(page.body)) add(`placeholder text matches ${pattern}`);
  }

  const words = proseWords(page.body);
  const min = isIntroPage(page) ? MIN_WORDS_INTRO : MIN_WORDS;
  if (words < min) add(`${words} words; the minimum is ${min}`);
  return out;
}

/** Sentences of prose (not code, tables or headings), normalised for comparison. */
export function sentences(body: string): string[] {
  const prose = body
    .replace(/```[\s\S]*?```/g, '\n')
    .split('\n')
    .filter((line) => !/^\s*(\||#|:::|<)/.test(line))
    .join(' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`]/g, '');
  return prose
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
    for (const s of new Set(sentences(page.body))) {
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
    bySection.set(s, [...(bySection.get(s) ?? []), proseWords(page.body)]);
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
