import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect, signIn, accessModal, hydrated } from './fixtures';
import { routes } from './routes';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    );
}

// Every route of the inventory (tests/e2e/routes.ts) plus the not-found page, signed in (guides
// show their article), in light mode; in dark mode one route of each page type. The two modes
// share their markup and differ in colours only, and a dark crawl of every route doubled the
// suite's longest part (about 400 axe runs on 2 workers). One test per shard of routes, so each
// shard signs in once and the two workers share the crawl evenly.
const CRAWL = [...routes, '/no-such-page'];
const PAGE_TYPES = [
  '/',
  '/install-options',
  '/guides/concept',
  '/guides/connections/snowflake',
  '/releases/2025-03',
  '/restricted/architecture-deployment-patterns',
  '/helm-veriq-install',
  '/no-such-page',
];
const SHARDS = 12;
const shardsOf = (paths: readonly string[], count: number) =>
  Array.from({ length: count }, (_, i) => paths.filter((_, j) => j % count === i));
const CRAWLS = { light: shardsOf(CRAWL, SHARDS), dark: shardsOf(PAGE_TYPES, 2) } as const;

/**
 * Loads `path` and brings each diagram in: they load when scrolled near (src/theme/Mermaid), so
 * each is scrolled to and waited for before the next (scrolled past at once, one could leave the
 * viewport before its observer ran, and Mermaid takes seconds on a busy 2-core machine).
 */
async function loadForAxe(page: Page, path: string, theme: 'light' | 'dark'): Promise<void> {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
  // axe checks the page the reader ends up with: the one the app renders once hydrated.
  await hydrated(page);
  const diagrams = page.locator('[data-diagram]');
  for (const diagram of await diagrams.all()) {
    await diagram.scrollIntoViewIfNeeded();
    await expect(diagram.locator('.docusaurus-mermaid-container svg')).toBeVisible({ timeout: 20_000 });
  }
  await expect(page.locator('.docusaurus-mermaid-container svg')).toHaveCount(await diagrams.count());
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`axe in ${theme} mode`, () => {
    test.beforeEach(async ({ context }) => {
      await signIn(context);
      await context.addInitScript((t) => window.localStorage.setItem('theme', t), theme);
    });
    const shards = CRAWLS[theme];
    shards.forEach((paths, i) => {
      test(`routes ${i + 1} of ${shards.length} have no serious or critical violations`, async ({ page }) => {
        test.setTimeout(60_000 + paths.length * 15_000);
        const found: string[] = [];
        for (const path of paths) {
          await loadForAxe(page, path, theme);
          found.push(...(await seriousViolations(page)).map((v) => `${path}: ${v}`));
        }
        expect(found).toEqual([]);
      });
    });
  });
}

test('a wide table scrolls and the keyboard reaches it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/helm-veriq-install');
  const wide = page.locator('article table').filter({ has: page.locator('th') });
  const scrolling = await wide.evaluateAll((tables) =>
    tables.filter((t) => t.scrollWidth > t.clientWidth).map((t) => t.getAttribute('aria-label')),
  );
  expect(scrolling.length).toBeGreaterThan(0);
  const table = page.locator(`article table[aria-label="${scrolling[0]}"]`);
  await table.focus();
  await expect(table).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => table.evaluate((t) => t.scrollLeft)).toBeGreaterThan(0);
});

test('the access modal has no serious or critical violations', async ({ page }) => {
  await page.goto('/guides/concept');
  await expect(accessModal(page)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the sign-in error page has no serious or critical violations', async ({ page }) => {
  await page.goto('/login/callback#error=access_denied&error_description=Denied');
  await expect(page.getByRole('alert')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
