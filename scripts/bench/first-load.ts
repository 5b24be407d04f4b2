// First-load bytes per page, from Chromium's network log: what a reader downloads on a first
// visit with a cold cache, as served (brotli), and the same files in gzip, the unit of the budget.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium';

export type Site = 'veriq' | 'stock';

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
}

const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

/** Loads each page of the site served at `origin` (built into `root`) once, with a cold cache. */
export async function measureFirstLoads(
  site: Site,
  origin: string,
  root: string,
  pages: { name: string; path: string }[],
  budgetKiB: number,
): Promise<FirstLoad[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const results: FirstLoad[] = [];
  for (const { name, path } of pages) {
    // A fresh context is a cold cache; a stored token so /guides pages render as for a reader.
    const context = await browser.newContext();
    await context.addInitScript(() => {
      const claims = btoa(JSON.stringify({ exp: 4102444800, aud: 'bench' })).replace(/=+$/, '');
      window.localStorage.setItem('id_token', `e30.${claims}.c2ln`);
    });
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
    const file = path === '/' ? 'index.html' : `${path.slice(1)}.html`;
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
      htmlRawKiB: kib(readFileSync(join(root, file)).length),
    });
    await context.close();
  }
  await browser.close();
  return results;
}
