// First-load bytes per page, from Chromium's network log: what a reader downloads on a first
// visit with a cold cache, as served (brotli), and the same files in gzip, the unit of the budget.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../lib/chromium';
import type { ReaderSession } from './session';

/**
 * The site measured, its script-free copy (the ceiling), stock Docusaurus (the floor) and today's
 * build (a git ref built in the same run, to show what a change does).
 */
export type Site = 'veriq' | 'script-free' | 'stock' | 'today';

export interface BenchPage {
  name: string;
  path: string;
  /** Loaded as this signed-in reader; signed out when absent. */
  reader?: ReaderSession;
}

export interface FirstLoad {
  site: Site;
  page: string;
  path: string;
  jsKiB: number;
  cssKiB: number;
  /** JS+CSS as transferred (brotli, as served to Chromium). */
  totalKiB: number;
  /** JS+CSS of the same files gzip-compressed: the unit of the budget. */
  gzipKiB: number;
  withinBudget: boolean;
  htmlKiB: number;
  htmlRawKiB: number;
  /** What the reader saw once the load settled: the article's text, or the access modal. */
  shows: 'article' | 'access modal' | 'neither';
}

/** The built HTML file a route is served from (trailingSlash: false, or a stock site's folders). */
function htmlFileOf(root: string, path: string): string {
  if (path === '/') return join(root, 'index.html');
  const flat = join(root, `${path.slice(1)}.html`);
  return existsSync(flat) ? flat : join(root, path.slice(1), 'index.html');
}

const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** Loads each page of the site served at `origin` (built into `root`) once, with a cold cache. */
export async function measureFirstLoads(
  site: Site,
  origin: string,
  root: string,
  pages: readonly BenchPage[],
  budgetKiB: number,
): Promise<FirstLoad[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const results: FirstLoad[] = [];
  for (const { name, path, reader } of pages) {
    // A fresh context is a cold cache; a signed-in page gets the reader's cookie and tokens.
    const context = await browser.newContext();
    if (reader) {
      await context.addCookies([{ ...reader.cookie, sameSite: 'Lax', expires: Math.floor(Date.now() / 1000) + 3600 }]);
      await context.addInitScript((tokens) => {
        for (const [key, value] of Object.entries(tokens)) window.localStorage.setItem(key, value);
      }, reader.storage);
    }
    const page = await context.newPage();
    const sizes = { js: 0, css: 0, html: 0, gzip: 0 };
    const pending: Promise<void>[] = [];
    page.on('requestfinished', (request) => {
      pending.push(
        request
          .sizes()
          .then((s) => {
            const type = request.resourceType();
            if (type === 'script') sizes.js += s.responseBodySize;
            else if (type === 'stylesheet') sizes.css += s.responseBodySize;
            else if (type === 'document') sizes.html += s.responseBodySize;
            // The budget is stated in gzip; Chromium is served brotli, so gzip is computed from
            // the same files (level 9, as the static server and CDNs compress).
            if (type === 'script' || type === 'stylesheet') {
              sizes.gzip += gzipSync(readFileSync(join(root, new URL(request.url()).pathname)), { level: 9 }).length;
            }
          })
          .catch(() => undefined),
      );
    });
    await page.goto(origin + path, { waitUntil: 'networkidle' });
    // Requests may still finish while earlier sizes resolve: wait until the list stops growing.
    for (let seen = -1; seen !== pending.length; ) {
      seen = pending.length;
      await Promise.all(pending);
    }
    // On a busy machine the bundle may still be evaluating when the network goes quiet.
    await page.waitForFunction(() => document.documentElement.dataset.hasHydrated === 'true', undefined, {
      timeout: 60_000,
    });
    const shows = await page.evaluate(() => {
      if (document.querySelector('dialog[open]')) return 'access modal' as const;
      return (document.querySelector('article .markdown')?.textContent?.trim().length ?? 0) > 0
        ? ('article' as const)
        : ('neither' as const);
    });
    results.push({
      site,
      page: name,
      path,
      jsKiB: kib(sizes.js),
      cssKiB: kib(sizes.css),
      totalKiB: kib(sizes.js + sizes.css),
      gzipKiB: kib(sizes.gzip),
      withinBudget: kib(sizes.gzip) <= budgetKiB,
      htmlKiB: kib(sizes.html),
      htmlRawKiB: kib(readFileSync(htmlFileOf(root, path)).length),
      shows,
    });
    await context.close();
  }
  await browser.close();
  return results;
}
