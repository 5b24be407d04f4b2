// After the build, PurgeCSS keeps the stylesheet's rules whose selectors name a class, id or
// attribute found in the built HTML or JavaScript, and the custom properties that a kept rule reads
// through var() or a page or script names (variablesNamedIn). The purged file gets a new content
// hash, so a cached copy of the full stylesheet is never served in its place.
import { createHash } from 'node:crypto';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PurgeCSS } from 'purgecss';

/** What the build writes: assets/css/<name>.<8 hex>.css */
const STYLESHEET = /^(?<name>[\w-]+)\.(?<hash>[0-9a-f]{8})\.css$/;

export interface PurgedStylesheet {
  before: string;
  after: string;
  bytesBefore: number;
  bytesAfter: number;
}

async function listFiles(dir: string, name: RegExp): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && name.test(e.name)).map((e) => path.join(e.parentPath, e.name));
}

/** Writes through a temporary file, so another plugin reading the page never sees half of it. */
async function replaceFile(file: string, body: string): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, body);
  await rename(temporary, file);
}

/** The new name of a purged stylesheet: its base name and the hash of its new content. */
export function purgedName(fileName: string, css: string): string {
  const match = STYLESHEET.exec(fileName);
  if (!match?.groups) throw new Error(`${fileName}: expected assets/css/<name>.<8 hex digits>.css`);
  return `${match.groups.name}.${createHash('sha256').update(css).digest('hex').slice(0, 8)}.css`;
}

const DECLARATION = /(--[\w-]+)\s*:([^;}]*)/g;
const NAME = /--[A-Za-z_][\w-]*/g;

/**
 * The custom properties that pages or scripts name, as an inline style's var() or a script that
 * reads or sets one, with every property their declarations read in turn. PurgeCSS's own
 * variable purge follows var() in the stylesheets only; these are kept by name.
 */
export function variablesNamedIn(stylesheets: readonly string[], content: readonly string[]): string[] {
  const reads = new Map<string, Set<string>>();
  for (const css of stylesheets) {
    for (const [, name, value] of css.matchAll(DECLARATION)) {
      const set = reads.get(name) ?? new Set<string>();
      for (const [read] of value.matchAll(NAME)) set.add(read);
      reads.set(name, set);
    }
  }
  const kept = new Set<string>();
  const queue = content.flatMap((text) => [...text.matchAll(NAME)].map(([name]) => name));
  for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
    if (kept.has(name) || !reads.has(name)) continue;
    kept.add(name);
    queue.push(...reads.get(name)!);
  }
  return [...kept].sort();
}

/** Purges each stylesheet of `outDir/assets/css` and points the HTML pages at the new files. */
export async function purgeStylesheets(outDir: string): Promise<PurgedStylesheet[]> {
  const cssDir = path.join(outDir, 'assets', 'css');
  const stylesheets = await listFiles(cssDir, STYLESHEET);
  const pages = await listFiles(outDir, /\.html$/);
  const scripts = await listFiles(path.join(outDir, 'assets', 'js'), /\.js$/);
  const read = (files: string[]) => Promise.all(files.map((file) => readFile(file, 'utf8')));
  const contentFiles = [...pages, ...scripts];
  const content = await read(contentFiles);
  const named = variablesNamedIn(await read(stylesheets), content);
  const results = await new PurgeCSS().purge({
    // The texts just read, not their paths: PurgeCSS would read every page and script again.
    content: content.map((raw, i) => ({ raw, extension: path.extname(contentFiles[i]).slice(1) })),
    css: stylesheets,
    variables: true,
    // The colour-mode script sets data-theme before the bundle runs; keep both modes' rules.
    safelist: { greedy: [/data-theme/], variables: named },
  });
  const renamed: PurgedStylesheet[] = [];
  for (const { css, file } of results) {
    if (!file) throw new Error('PurgeCSS returned a stylesheet without its file name');
    const before = path.basename(file);
    const after = purgedName(before, css);
    const bytesBefore = (await readFile(file)).length;
    await writeFile(path.join(cssDir, after), css);
    if (after !== before) await rm(file);
    renamed.push({ before, after, bytesBefore, bytesAfter: Buffer.byteLength(css) });
  }
  await Promise.all(
    pages.map(async (page) => {
      const html = await readFile(page, 'utf8');
      // The old name carries its content hash: it cannot stand for anything else in a page.
      const next = renamed.reduce((text, r) => text.replaceAll(r.before, r.after), html);
      if (next !== html) await replaceFile(page, next);
    }),
  );
  return renamed;
}
