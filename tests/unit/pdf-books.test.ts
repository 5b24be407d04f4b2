// The PDF books (tools/pdf) of the main e2e build, checked with poppler and pdf-lib: contents and
// outline match the sidebars, the text is whole and clean, fonts are embedded, the PDF is tagged
// and its links land inside it. Books the build step already made (PDF_BOOKS_DIR, or the build
// itself when they are newer than its pages) are read; otherwise they are built once, into a
// temporary folder.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DomUtils, parseDocument } from 'htmlparser2';
import type { Element } from 'domhandler';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sidebars from '../../content/sidebars';
import { CHROMIUM_PATH } from '../../tools/lib/chromium';
import { BOOKS, bookPath } from '../../tools/pdf/books';
import { BOOKS as SITE_BOOKS, BOOK_RELEASE } from '../../shared/books';
import { buildBooks } from '../../tools/pdf/buildBooks';
import { documentTitle } from '../../tools/pdf/compose';
import { documentLanguage, internalLinks, readOutline } from '../../tools/pdf/inspect';
import { currentRelease } from '../../tools/pdf/release';
import { readDocs, sidebarChapters } from '../../tools/pdf/sidebarChapters';

const BUILD = 'build-e2e/main';
const release = currentRelease('docs').name;
const poppler = spawnSync('pdfinfo', ['-v']).status === 0;
const ready = existsSync(join(BUILD, 'index.html')) && existsSync(CHROMIUM_PATH) && poppler;

function run(command: string, args: string[]): string {
  const result = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')}: ${result.stderr}`);
  return result.stdout;
}

const normal = (s: string) =>
  s
    .normalize('NFKC')
    .replace(/[\u00ad\u200b]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
const squeezed = (s: string) => s.normalize('NFKC').replace(/[\s\u00ad\u200b]+/g, '');
const textOf = (node: Element) => DomUtils.textContent(node).replace(/\u200b/g, '');
const hasClass = (node: Element, name: string) => (node.attribs.class ?? '').split(/\s+/).includes(name);

/** What the built page shows: its title, h2 headings, a sentence of prose and its code blocks' lines. */
function builtChapter(route: string) {
  const file = join(BUILD, route === '/' ? 'index.html' : `${route.slice(1)}.html`);
  const dom = parseDocument(readFileSync(file, 'utf8'));
  const article = DomUtils.findOne((n) => hasClass(n, 'theme-doc-markdown'), dom.children);
  if (!article) throw new Error(`${file} has no article`);
  const all = (name: string) => DomUtils.findAll((n) => n.name === name, article.children);
  const prose = all('p').find(
    (p) => !DomUtils.findOne((n) => n.name === 'a' || n.name === 'code', p.children) && textOf(p).length > 40,
  );
  const sentence = prose ? (/^(.{30,}?[.!?])(\s|$)/.exec(normal(textOf(prose)))?.[1] ?? normal(textOf(prose))) : null;
  const codeLines = all('pre').map((pre) =>
    DomUtils.findAll((n) => hasClass(n, 'token-line'), pre.children).map((line) => textOf(line)),
  );
  return {
    title: normal(textOf(all('h1')[0])),
    h2: all('h2').map((h) => normal(textOf(h))),
    sentence,
    codeLines,
    text: textOf(article),
  };
}

/** Books the build step made are newer than the build's pages. */
function freshBooksIn(dir: string): boolean {
  const built = statSync(join(BUILD, 'index.html')).mtimeMs;
  return BOOKS.every(
    (b) => existsSync(join(dir, bookPath(b, release))) && statSync(join(dir, bookPath(b, release))).mtimeMs >= built,
  );
}

// In CI the build step has made the books and every tool is installed (.ci/run): never skip there.
it.runIf(Boolean(process.env.CI))('has a main build, Chromium and poppler to check the books with', () => {
  expect({ build: existsSync(join(BUILD, 'index.html')), chromium: existsSync(CHROMIUM_PATH), poppler }).toEqual({
    build: true,
    chromium: true,
    poppler: true,
  });
});

describe('the books the site links', () => {
  it('are the books the tool writes, for the newest release', () => {
    expect(release).toBe(BOOK_RELEASE);
    expect(BOOKS.map((b) => bookPath(b, release))).toEqual(SITE_BOOKS.map((b) => b.file));
    expect(SITE_BOOKS.map((b) => b.url)).toEqual(SITE_BOOKS.map((b) => `/${b.file}`));
  });
});

describe.skipIf(!ready)('PDF books of the main build', () => {
  let dir = '';
  let temporary: string | null = null;

  beforeAll(async () => {
    if (process.env.PDF_BOOKS_DIR) dir = process.env.PDF_BOOKS_DIR;
    else if (freshBooksIn(BUILD)) dir = BUILD;
    else {
      temporary = mkdtempSync(join(tmpdir(), 'pdf-books-'));
      dir = temporary;
      await buildBooks({ buildDir: BUILD, outDir: dir });
    }
  }, 20 * 60_000);

  afterAll(() => {
    if (temporary) rmSync(temporary, { recursive: true, force: true });
  });

  const docs = readDocs('docs');
  for (const book of BOOKS) {
    describe(book.title, () => {
      // Filled in beforeAll: a skipped suite is still collected, and then there is no build to read.
      let chapters: { built: ReturnType<typeof builtChapter> }[] = [];
      const file = () => join(dir, bookPath(book, release));
      let doc: PDFDocument;
      let text = '';
      beforeAll(async () => {
        chapters = sidebarChapters(sidebars[book.sidebar], docs).map((c) => ({ built: builtChapter(c.route) }));
        doc = await PDFDocument.load(readFileSync(file()), { updateMetadata: false });
        // The page body only (no running header or footer), in content order: -raw also keeps a
        // hyphen at the end of a wrapped line, which the default mode drops as hyphenation.
        text = run('pdftotext', [
          '-raw',
          '-x',
          '0',
          '-y',
          '52',
          '-W',
          '600',
          '-H',
          '738',
          '-enc',
          'UTF-8',
          file(),
          '-',
        ]);
      });

      it('has a plausible number of pages', () => {
        const pages = doc.getPageCount();
        expect(pages).toBeGreaterThanOrEqual(chapters.length + 2);
        expect(pages).toBeLessThan(chapters.length * 40);
      });

      it('has an outline entry per sidebar page, in order, with its h2 headings under it', () => {
        const outline = readOutline(doc);
        expect(outline.map((e) => normal(e.title))).toEqual(chapters.map((c) => c.built.title));
        for (const [i, entry] of outline.entries()) {
          expect(
            entry.children.map((c) => normal(c.title)),
            entry.title,
          ).toEqual(chapters[i].built.h2);
          expect(entry.page).not.toBeNull();
          if (i > 0) expect(entry.page!).toBeGreaterThan(outline[i - 1].page!);
        }
      });

      it('holds every chapter title and a sentence of each chapter', () => {
        const all = normal(text);
        for (const { built } of chapters) {
          expect(all).toContain(built.title);
          if (built.sentence) expect(all, built.title).toContain(built.sentence);
        }
        expect(chapters.filter((c) => c.built.sentence).length).toBeGreaterThan(chapters.length * 0.8);
      });

      it('holds the longest line of every code block whole', () => {
        const all = squeezed(text);
        const longest = chapters.flatMap(({ built }) =>
          built.codeLines.map((lines) => lines.reduce((a, b) => (b.length > a.length ? b : a), '')),
        );
        const missing = longest.filter((line) => !all.includes(squeezed(line)));
        expect(missing).toEqual([]);
      });

      it('leaks no "undefined", "NaN" or raw Markdown', () => {
        const pageText = chapters.map((c) => c.built.text).join('\n');
        const count = (haystack: string, pattern: RegExp) => (haystack.match(pattern) ?? []).length;
        for (const pattern of [/\bundefined\b/g, /\bNaN\b/g, /\]\(/g, /\*\*/g]) {
          expect(count(text, pattern), String(pattern)).toBeLessThanOrEqual(count(pageText, pattern));
        }
        // A line opening with # is a heading marker unless the page shows it (a shell comment).
        const shown = new Set(pageText.split('\n').map((l) => squeezed(l)));
        const codeText = squeezed(pageText);
        const headingMarkers = text
          .split('\n')
          .filter((l) => /^#{1,6}\s/.test(l) && !shown.has(squeezed(l)) && !codeText.includes(squeezed(l)));
        expect(headingMarkers).toEqual([]);
      });

      it('embeds every font', () => {
        const rows = run('pdffonts', [file()]).trim().split('\n').slice(2);
        expect(rows.length).toBeGreaterThan(0);
        const notEmbedded = rows.filter((row) => row.trim().split(/\s+/).at(-5) !== 'yes');
        expect(notEmbedded).toEqual([]);
      });

      it('is tagged, with its title and language', () => {
        const info = run('pdfinfo', [file()]);
        expect(info).toMatch(/^Tagged:\s+yes$/m);
        expect(info).toContain(`Title:           ${documentTitle({ title: book.title, release })}`);
        expect(documentLanguage(doc)).toBe('en');
      });

      it('has internal links that land on its own pages, the contents linking every chapter', () => {
        const links = internalLinks(doc);
        expect(links.length).toBeGreaterThanOrEqual(chapters.length);
        expect(links.filter((l) => l.target === null || l.target < 1 || l.target > doc.getPageCount())).toEqual([]);
      });

      it('runs a header with the book and chapter, and a footer with the page and release', () => {
        const second = readOutline(doc)[1];
        const page = run('pdftotext', [
          '-f',
          String(second.page),
          '-l',
          String(second.page),
          '-enc',
          'UTF-8',
          file(),
          '-',
        ]);
        expect(normal(page)).toContain(`${book.title} · ${normal(second.title)}`);
        expect(normal(page)).toContain(`Page ${second.page} of ${doc.getPageCount()} · Veriq ${release}`);
      });
    });
  }
});
