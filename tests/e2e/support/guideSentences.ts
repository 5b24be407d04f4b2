// What "guide text" means for the gate's tests: every run of eight words from the prose of
// docs/guides (paragraphs, list items, table cells and front-matter descriptions; headings and
// code are left out, as titles and headings are public). A response holds guide text when any
// eight consecutive words of it are such a run, however the build wrapped the words (HTML tags,
// JSX string pieces, JSON escapes).
import { readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import matter from 'gray-matter';
import { listFiles } from '../../../tools/lib/listFiles';

const RUN = 8;

export function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
}

function prose(markdown: string): string[] {
  const lines: string[] = [];
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s{0,3}(```|~~~)/.test(line)) fenced = !fenced;
    else if (!fenced && !/^\s{0,3}#{1,6}\s/.test(line) && !/^\s*(import|export)\s/.test(line)) lines.push(line);
  }
  // Links keep their text only; inline code, URLs and markup go.
  return lines
    .join('\n')
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/`[^`]*`/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .split(/\n\s*\n|(?<=[.!?])\s+|\|/);
}

function runsOf(files: string[]): Map<string, string> {
  const runs = new Map<string, string>();
  for (const file of files) {
    const { content, data } = matter(readFileSync(file, 'utf8'));
    const sentences = prose(content);
    if (typeof data.description === 'string') sentences.push(data.description);
    for (const sentence of sentences) {
      const w = words(sentence);
      if (w.length < 10) continue;
      for (let i = 0; i + RUN <= w.length; i++) runs.set(w.slice(i, i + RUN).join(' '), sentence.trim());
    }
  }
  return runs;
}

/**
 * Eight-word runs of every guide sentence of at least ten words, keyed by their text. Runs that
 * public pages also contain (an archived page, a shared list of links) are public text.
 */
export function guideRuns(docsDir: string): Map<string, string> {
  const guides = join(docsDir, 'guides');
  const all = listFiles(docsDir, /\.mdx?$/);
  const guideFiles = all.filter((f) => f.startsWith(guides + sep));
  const runs = runsOf(guideFiles);
  const drop = (text: string) => {
    const w = words(text);
    for (let i = 0; i + RUN <= w.length; i++) runs.delete(w.slice(i, i + RUN).join(' '));
  };
  // Every run of a public page, across sentence and element boundaries, is public text.
  for (const file of all.filter((f) => !f.startsWith(guides + sep))) drop(readFileSync(file, 'utf8'));
  // Titles, sidebar labels and headings are public (the sidebar, breadcrumbs and table of contents).
  for (const file of guideFiles) {
    const { content, data } = matter(readFileSync(file, 'utf8'));
    for (const label of [
      data.title,
      data.sidebar_label,
      ...content.split('\n').filter((l) => /^\s{0,3}#{1,6}\s/.test(l)),
    ]) {
      drop(String(label ?? ''));
    }
  }
  return runs;
}

/** The first guide sentence whose words appear in the body, or null. */
export function findGuideText(body: string, runs: Map<string, string>): string | null {
  const w = words(body.replace(/\\n|\\u[0-9a-f]{4}/gi, ' '));
  for (let i = 0; i + RUN <= w.length; i++) {
    const hit = runs.get(w.slice(i, i + RUN).join(' '));
    if (hit) return hit;
  }
  return null;
}
