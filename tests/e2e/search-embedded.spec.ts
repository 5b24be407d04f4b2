import type { Request, Route } from '@playwright/test';
import { test, expect } from './fixtures';
import { baseUrl } from './support/variants';
import { box, CONTENT_FILE, dialog, hits, indexChunk, modalChunk, openWithButton, ready } from './support/search';

// The embedded backend (main variant) searches the real records of the build; these pages exist
// in every build of the site: /backup-recovery (install sidebar) and /guides/concept (gated).
test.describe('search results (embedded backend)', () => {
  test('a query shows highlighted hits, grouped per page, linking to their url', async ({ page }) => {
    await ready(page);
    await openWithButton(page);
    await box(page).fill('backup recovery');
    const first = hits(page).first();
    await expect(first).toHaveAttribute('href', /^\/backup-recovery(#[\w-]+)?$/);
    await expect(dialog(page).locator('mark').first()).toBeVisible();
    await expect(
      dialog(page)
        .locator('mark', { hasText: /^backup$/i })
        .first(),
    ).toBeVisible();
    // At most three sections of one page.
    const hrefs = await hits(page).evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    const perPage = new Map<string, number>();
    for (const href of hrefs) perPage.set(href.split('#')[0], (perPage.get(href.split('#')[0]) ?? 0) + 1);
    expect(Math.max(...perPage.values())).toBeLessThanOrEqual(3);
  });

  test('snippets come from the content files of the pages shown, fetched once each and cached by the host', async ({
    page,
  }) => {
    const fetched: string[] = [];
    page.on('request', (request: Request) => fetched.push(new URL(request.url()).pathname));
    await ready(page);
    await openWithButton(page);
    await box(page).fill('backup recovery');
    await expect(hits(page).first().locator('.ais-Snippet mark').first()).toBeVisible();
    const files = fetched.filter((p) => CONTENT_FILE.test(p));
    expect(files.some((p) => p.startsWith('/assets/search/backup-recovery.'))).toBe(true);
    expect(new Set(files).size).toBe(files.length);
    const response = await page.request.get(files[0]);
    expect(response.headers()['cache-control']).toContain('immutable');
    expect(Object.keys((await response.json()) as object).every((url) => url.startsWith('/'))).toBe(true);
  });

  test('hits whose page text cannot be fetched still show, without a snippet', async ({ page }) => {
    await page.route(CONTENT_FILE, (route: Route) => route.fulfill({ status: 404, body: 'gone' }));
    await ready(page);
    await openWithButton(page);
    await box(page).fill('backup recovery');
    await expect(hits(page).first()).toHaveAttribute('href', /^\/backup-recovery(#[\w-]+)?$/);
    await expect(hits(page).first().locator('.ais-Snippet')).toHaveText('');
    await expect(dialog(page).getByRole('alert')).toHaveCount(0);
  });

  test('a query without matches says so', async ({ page }) => {
    await ready(page);
    await openWithButton(page);
    await box(page).fill('qqqzzzxxyy');
    await expect(dialog(page).getByText('No results for “qqqzzzxxyy”')).toBeVisible();
  });

  test('arrow keys move through hits and Enter opens one', async ({ page }) => {
    await ready(page);
    await openWithButton(page);
    await box(page).fill('backup recovery');
    await expect(hits(page).nth(1)).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expect(hits(page).nth(0)).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(hits(page).nth(1)).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(hits(page).nth(0)).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(box(page)).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const href = await hits(page).nth(1).getAttribute('href');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`${baseUrl('main')}${href}`);
    await expect(dialog(page)).toHaveCount(0);
  });

  test('the index is not fetched on page load, only on first search intent', async ({ page }) => {
    const fetched: string[] = [];
    page.on('request', (request: Request) => fetched.push(new URL(request.url()).pathname));
    await ready(page);
    await page.waitForLoadState('networkidle');
    expect(fetched.filter((p) => indexChunk().test(p) || modalChunk().test(p))).toEqual([]);
    await page.keyboard.press('/');
    await expect.poll(() => fetched.some((p) => indexChunk().test(p))).toBe(true);
  });

  test('a slow index shows the stalled indicator, then the hits', async ({ page }) => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(indexChunk(), async (route: Route) => {
      await released;
      await route.continue();
    });
    await ready(page);
    await openWithButton(page);
    await box(page).fill('backup');
    await expect(dialog(page).getByRole('status').filter({ hasText: 'Searching…' })).toBeVisible();
    release();
    // The index chunk still has to arrive, parse and be indexed: allow for a busy machine.
    await expect(hits(page).first()).toBeVisible({ timeout: 20_000 });
    await expect(dialog(page).getByText('Searching…')).toHaveCount(0);
  });
});
