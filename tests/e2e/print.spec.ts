// Printing and the PDF books. A page printed from the browser (page.pdf, read back with poppler's
// pdftotext and pdftoppm) holds the article and none of the site's chrome, shows where external
// links go, cuts no code or table, and is light in dark mode; each section's landing page and the
// page actions link the section's book, and the guides book goes through the gate.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { test, expect, signIn } from './fixtures';
import { BOOKS, bookUrl } from '../../shared/books';

/** Chrome left out of every printed page; each must be on screen for the check to mean anything. */
const CHROME = ['Submit a Ticket', 'API Reference', 'Copy page', 'View as Markdown', 'Download PDF', 'On this page'];

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
const letters = (text: string) => text.replace(/\s+/g, '');

async function printToPdf(page: Page, testInfo: TestInfo, name: string): Promise<string> {
  const file = testInfo.outputPath(`${name}.pdf`);
  const pdf = await page.pdf({
    format: 'A4',
    printBackground: true,
    margin: { top: '15mm', bottom: '15mm', left: '12mm', right: '12mm' },
  });
  writeFileSync(file, pdf);
  return file;
}

const pdfText = (file: string) => execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });

/** What the printed page may say: the article, its breadcrumbs and the copyright line. */
async function printableText(page: Page): Promise<string> {
  const parts = await page.locator('.theme-doc-breadcrumbs, .theme-doc-markdown, .footer__copyright').allInnerTexts();
  return squash(parts.join(' '));
}

/** Sidebar labels the article does not mention, all of which the printed page must leave out. */
async function sidebarOnlyLabels(page: Page, printable: string): Promise<string[]> {
  const labels = (await page.locator('.theme-doc-sidebar-menu .menu__link').allInnerTexts()).map(squash);
  return [...new Set(labels)].filter((label) => label.length > 3 && !printable.includes(label));
}

/** Gets `path`, once loaded, and prints it; returns the PDF's text and what the page showed. */
async function printed(page: Page, testInfo: TestInfo, path: string) {
  await page.goto(path);
  const h1 = squash(await page.locator('article h1').first().innerText());
  const printable = await printableText(page);
  const sidebarLabels = await sidebarOnlyLabels(page, printable);
  const onScreen = squash(await page.locator('body').innerText());
  const file = await printToPdf(page, testInfo, path.replace(/\W+/g, '-').replace(/^-|-$/g, ''));
  return { file, text: squash(pdfText(file)), h1, printable, sidebarLabels, onScreen };
}

function expectNoChrome(result: Awaited<ReturnType<typeof printed>>): void {
  for (const chrome of CHROME) {
    expect(result.printable, `"${chrome}" must not be in the article for this check`).not.toContain(chrome);
    expect(result.text, `printed page holds "${chrome}"`).not.toContain(chrome);
  }
  expect(result.sidebarLabels.length, 'sidebar labels to look for').toBeGreaterThan(3);
  for (const label of result.sidebarLabels) expect(result.text, `sidebar label "${label}"`).not.toContain(label);
  expect(result.text).toContain(result.h1);
}

test.describe('a page printed from the browser', () => {
  test('/install-options: the article without navbar, sidebars or page actions', async ({ page }, testInfo) => {
    const result = await printed(page, testInfo, '/install-options');
    expect(result.onScreen).toContain('Copy page');
    expectNoChrome(result);
    const firstParagraph = squash(await page.locator('.theme-doc-markdown > p').first().innerText());
    expect(letters(result.text)).toContain(letters(firstParagraph));
  });

  test('/guides/connections/postgresql, signed in: the guide without the chrome, no code or table cut', async ({
    page,
    context,
  }, testInfo) => {
    await signIn(context);
    const result = await printed(page, testInfo, '/guides/connections/postgresql');
    expectNoChrome(result);
    // Wrapped code: the longest line of every block is in the text whole. Line breaks aside, and
    // hyphens: pdftotext joins a word broken after one and drops it ("verify-" + "full").
    const blocks = await page.locator('.theme-doc-markdown pre code').allInnerTexts();
    expect(blocks.length).toBeGreaterThan(0);
    const unbroken = (text: string) => letters(text).replace(/-/g, '');
    for (const block of blocks) {
      const longest = block.split('\n').reduce((a, b) => (b.length > a.length ? b : a), '');
      expect(unbroken(result.text)).toContain(unbroken(longest));
    }
  });

  test('links that leave the site print their address; links inside it do not', async ({ page, context }, testInfo) => {
    await signIn(context);
    const result = await printed(page, testInfo, '/guides/api-overview');
    const external = await page.locator('.theme-doc-markdown a[href^="http"]').first().getAttribute('href');
    expect(external).toMatch(/^https:\/\//);
    expect(letters(result.text)).toContain(letters(`(${external!})`));
    const internal = await page.locator('.theme-doc-markdown a[href^="/"]').first().getAttribute('href');
    expect(internal).toBeTruthy();
    expect(result.text).not.toContain(`(${internal!}`);
    expect(result.text).not.toContain('(http://127.0.0.1');
  });

  test('in print, no code block or table is wider than its box', async ({ page, context }) => {
    await signIn(context);
    // The width of an A4 page inside the margins above (186 mm at 96 px an inch).
    await page.setViewportSize({ width: 703, height: 1000 });
    for (const path of ['/install-options', '/guides/connections/postgresql', '/guides/api-overview']) {
      await page.goto(path);
      await page.emulateMedia({ media: 'print' });
      const cut = await page.evaluate(() =>
        Array.from(document.querySelectorAll<HTMLElement>('.theme-doc-markdown pre, .theme-doc-markdown table'))
          .filter((el) => el.scrollWidth > el.clientWidth + 1 || el.getBoundingClientRect().right > innerWidth + 1)
          .map((el) => `${el.tagName} ${el.scrollWidth} > ${el.clientWidth}: ${el.innerText.slice(0, 60)}`),
      );
      expect(cut, path).toEqual([]);
      await page.emulateMedia({ media: null });
    }
  });

  test('dark mode prints in the light colours', async ({ page }, testInfo) => {
    await page.addInitScript(() => window.localStorage.setItem('theme', 'dark'));
    await page.goto('/install-options');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    const file = await printToPdf(page, testInfo, 'dark');
    // The first page in grey levels (PGM: a text header, then one byte a pixel).
    const pgm = execFileSync('pdftoppm', ['-gray', '-r', '30', '-f', '1', '-l', '1', file]);
    const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 40).toString('latin1'))!;
    const pixels = pgm.subarray(header[0].length);
    const mean = pixels.reduce((sum, value) => sum + value, 0) / pixels.length;
    expect(Number(header[1]) * Number(header[2])).toBe(pixels.length);
    expect(mean, 'mean grey level of the printed page (255 is white)').toBeGreaterThan(225);
  });
});

test.describe('links to the PDF books', () => {
  test('each section’s landing page links its book, and no other page does', async ({ page }) => {
    for (const book of BOOKS) {
      await page.goto(book.home);
      const link = page.locator('a', { hasText: 'Download this section as PDF' });
      await expect(link).toHaveCount(1);
      await expect(link).toHaveAttribute('href', book.url);
    }
    for (const path of ['/install-options', '/releases/intro', '/guides/connections/postgresql']) {
      await page.goto(path);
      await expect(page.locator('a', { hasText: 'Download this section as PDF' }), path).toHaveCount(0);
    }
  });

  test('the page actions link the page’s section book, and restricted pages link none', async ({ page }) => {
    const pages: [string, string | null][] = [
      ['/install-options', bookUrl('install')],
      ['/', bookUrl('install')],
      ['/guides/connections/postgresql', bookUrl('guides')],
      ['/releases/intro', bookUrl('releases')],
      ['/releases/2024-01', bookUrl('releases')],
      ['/restricted/architecture-deployment-patterns', null],
    ];
    for (const [path, url] of pages) {
      await page.goto(path);
      const actions = page.locator('[role="group"][aria-label="Page actions"]');
      await expect(actions.getByText('View as Markdown'), path).toHaveCount(1);
      const link = actions.locator('a', { hasText: 'Download PDF' });
      if (url === null) {
        await expect(link, path).toHaveCount(0);
      } else {
        await expect(link, path).toHaveAttribute('href', url);
        await expect(link, path).toHaveAttribute('title', /^Download this section as PDF \(veriq-\w+-[\d.]+\.pdf\)$/);
      }
    }
  });

  test('the public books answer anyone; the guides book 401 signed out and 200 signed in', async ({
    request,
    context,
  }) => {
    for (const book of BOOKS.filter((b) => b.sidebar !== 'guides')) {
      const response = await request.get(book.url);
      expect(response.status(), book.url).toBe(200);
      expect(response.headers()['content-type'], book.url).toBe('application/pdf');
    }
    const guides = bookUrl('guides')!;
    const refused = await request.get(guides);
    expect(refused.status()).toBe(401);
    expect(refused.headers()['cache-control']).toBe('private, no-store');
    expect((await refused.body()).subarray(0, 5).toString()).not.toBe('%PDF-');
    await signIn(context);
    const opened = await context.request.get(guides);
    expect(opened.status()).toBe(200);
    expect((await opened.body()).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
