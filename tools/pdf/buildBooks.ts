// Builds the PDF books of a built site: serves the build to Chromium, captures each chapter,
// prints each book twice (the second time with the contents' page numbers read from the first)
// and stamps the running headers. `npm run pdf` (build-books.ts) and the bench call buildBooks.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { chromium, type BrowserContext } from 'playwright-core';
import sidebars from '../../content/sidebars';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../lib/chromium';
import { assertLinkedRelease, BOOKS, bookPath, type BookId, type BookSpec } from './books';
import { captureChapter, type LinkTargets } from './capture';
import { chapterId, composeBook, type BookChapter, type BookMeta } from './compose';
import { setOutlineTitles } from './outlineTitles';
import { chapterPages } from './pageMap';
import { currentRelease } from './release';
import { printBook } from './render';
import { BOOK_PREFIX, serveBuild, type BuildServer } from './server';
import { readerToken, siteUrlOf, stylesheetOf } from './siteFacts';
import { readDocs, sidebarChapters } from './sidebarChapters';
import { stampHeaders } from './stamp';

const REPO = resolve(__dirname, '..', '..');
const DOCS_DIR = join(REPO, 'docs');
const BOOK_CSS = join(__dirname, 'book.css');
/** Pages captured at once; more gains little on two cores. */
const CAPTURE_CONCURRENCY = 3;

export interface BookResult {
  /** Absolute path of the written PDF. */
  file: string;
  pages: number;
  bytes: number;
  ms: number;
}

export interface BuildBooksOptions {
  buildDir: string;
  /** Where the books go (default: the build itself, so they are served with it). */
  outDir?: string;
  /** Only these books (default: all three). */
  only?: readonly BookId[];
  /** The date on the covers (default: now; SOURCE_DATE_EPOCH when set). */
  date?: Date;
  log?: (line: string) => void;
}

/** A problem of the machine or the input, said in one line; `npm run pdf` prints only its message. */
export class BookSetupError extends Error {
  name = 'BookSetupError';
}

export class ChromiumMissingError extends BookSetupError {
  constructor() {
    super(`${CHROMIUM_PATH} is missing: the PDF books are printed with Debian's Chromium (apt-get install chromium).`);
  }
}

function buildDate(): Date {
  const epoch = Number(process.env.SOURCE_DATE_EPOCH);
  return Number.isFinite(epoch) && epoch > 0 ? new Date(epoch * 1000) : new Date();
}

async function inPool<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

async function buildOne(
  book: BookSpec,
  context: BrowserContext,
  server: BuildServer,
  meta: Omit<BookMeta, 'title'>,
  outDir: string,
  log: (line: string) => void,
): Promise<BookResult> {
  const started = performance.now();
  const chapters = sidebarChapters(sidebars[book.sidebar], readDocs(DOCS_DIR));
  const targets: LinkTargets = {
    inBook: Object.fromEntries(chapters.map((c) => [c.route, c.slug])),
    siteUrl: meta.siteUrl,
  };
  const captured = await inPool(chapters, CAPTURE_CONCURRENCY, (chapter) =>
    captureChapter(context, server.origin, chapter, targets),
  );
  const capturedMs = performance.now() - started;
  const bookChapters: BookChapter[] = chapters.map((chapter, i) => ({ chapter, captured: captured[i] }));
  const bookMeta: BookMeta = { ...meta, title: book.title };
  const slugs = chapters.map((c) => c.slug);

  // The contents' number column has a fixed width, so filling it in moves nothing; the loop
  // checks that and prints once more if a number did move a chapter.
  let pages: Map<string, number> | null = null;
  let pdf: Uint8Array | null = null;
  let passes = 0;
  for (let pass = 1; pass <= 3; pass++) {
    passes = pass;
    const url = server.put(`${BOOK_PREFIX}${book.id}-${pass}.html`, composeBook(bookMeta, bookChapters, pages));
    pdf = await printBook(context, url, meta.release);
    const found = await chapterPages(pdf, slugs, chapterId);
    if (pages && slugs.every((s) => found.get(s) === pages!.get(s))) break;
    pages = found;
    if (pass === 3) throw new Error(`${book.id}: chapter pages still move after three prints`);
  }
  log(
    `${book.id}: ${chapters.length} chapters captured in ${(capturedMs / 1000).toFixed(1)} s, ` +
      `${passes} prints in ${((performance.now() - started - capturedMs) / 1000).toFixed(1)} s`,
  );
  const doc = await PDFDocument.load(pdf!, { updateMetadata: false });
  const starts = slugs.map((s) => pages!.get(s)!);
  const total = doc.getPageCount();
  const ranges = bookChapters.map(({ captured: { title } }, i) => ({
    from: starts[i],
    to: i + 1 < starts.length ? starts[i + 1] - 1 : total,
    text: `${book.title} · ${title}`,
  }));
  await stampHeaders(doc, ranges);
  setOutlineTitles(
    doc,
    bookChapters.flatMap(({ captured: c }) => [c.title, ...c.headings]),
  );
  const stamped = await doc.save();
  const file = join(outDir, bookPath(book, meta.release));
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, stamped);
  return { file, pages: total, bytes: stamped.byteLength, ms: Math.round(performance.now() - started) };
}

export async function buildBooks(options: BuildBooksOptions): Promise<BookResult[]> {
  if (!existsSync(CHROMIUM_PATH)) throw new ChromiumMissingError();
  const buildDir = resolve(options.buildDir);
  const outDir = resolve(options.outDir ?? buildDir);
  if (!existsSync(join(buildDir, 'index.html'))) {
    throw new BookSetupError(
      `${buildDir} is not a built site (no index.html): run "npm run build" first, or set BUILD_DIR.`,
    );
  }
  const log = options.log ?? (() => {});
  const release = currentRelease(DOCS_DIR);
  assertLinkedRelease(release.name);
  const meta: Omit<BookMeta, 'title'> = {
    release: release.name,
    date: options.date ?? buildDate(),
    siteUrl: siteUrlOf(buildDir),
    stylesheet: stylesheetOf(buildDir),
    bookCss: readFileSync(BOOK_CSS, 'utf8'),
  };
  const books = BOOKS.filter((b) => !options.only || options.only.includes(b.id));

  const server = await serveBuild(buildDir);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: 'light' });
    // Nothing leaves loopback: the pages are the build's own files.
    await context.route(/^(?!http:\/\/127\.0\.0\.1[:/])/, (route) => route.abort());
    await context.addInitScript((token) => {
      // tsx compiles functions handed to the page with esbuild's name helper; give it one.
      (globalThis as { __name?: unknown }).__name ??= (fn: unknown) => fn;
      window.localStorage.setItem('theme', 'light');
      window.localStorage.setItem('id_token', token);
    }, readerToken(buildDir));
    const results: BookResult[] = [];
    for (const book of books) {
      const result = await buildOne(book, context, server, meta, outDir, log);
      log(
        `${bookPath(book, meta.release)}: ${result.pages} pages, ${(result.bytes / 1024 / 1024).toFixed(1)} MB, ${(result.ms / 1000).toFixed(1)} s`,
      );
      results.push(result);
    }
    return results;
  } finally {
    await browser.close();
    await server.close();
  }
}
