// Prints a composed book with Chromium: A4, backgrounds, the outline from its headings, a tagged
// PDF, and the footer "Page n of m · Veriq <release>" on every page.
import type { BrowserContext } from 'playwright-core';

/** Space above the text for the running header stamped later (stamp.ts), and below for the footer. */
export const MARGINS = { top: '20mm', bottom: '18mm', left: '18mm', right: '18mm' } as const;

const footer = (release: string) =>
  `<div style="width:100%;font-size:8pt;color:#555;text-align:center;font-family:'Liberation Sans','DejaVu Sans',sans-serif;">` +
  `Page <span class="pageNumber"></span> of <span class="totalPages"></span> · Veriq ${release}</div>`;

export async function printBook(context: BrowserContext, url: string, release: string): Promise<Uint8Array> {
  const page = await context.newPage();
  try {
    await page.emulateMedia({ media: 'print', colorScheme: 'light' });
    await page.goto(url, { waitUntil: 'load' });
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    const pdf = await page.pdf({
      format: 'A4',
      printBackground: true,
      outline: true,
      tagged: true,
      displayHeaderFooter: true,
      // The running header names the chapter, which a template cannot know: stamp.ts adds it.
      headerTemplate: '<span></span>',
      footerTemplate: footer(release),
      margin: MARGINS,
    });
    return new Uint8Array(pdf);
  } finally {
    await page.close();
  }
}
