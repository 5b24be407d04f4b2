// Layout rules that hold on every route, in both colour modes, at a small phone, a phone and a
// desktop: no text clipped in a dialog or navbar item, no page wider than the screen, and no
// layout shift after a page action's tap. What the rules measure is in support/layoutRules.ts.
import type { Page } from '@playwright/test';
import { test, expect, signIn, accessModal, hydrated } from './fixtures';
import { routes } from './routes';
import { layoutBreaches, takeLayoutShift, watchLayoutShifts } from './support/layoutRules';
import { box, dialog, hits, openWithButton, FIRST_SEARCH } from './support/search';
import { baseUrl } from './support/variants';

const WIDTHS = [1280, 412, 320] as const;
const MODES = ['light', 'dark'] as const;
const HEIGHT = 800;

/** Two frames, so a resize has been laid out and React has answered it (the mobile navbar). */
const settle = (page: Page) =>
  page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));

/** Every rule's failures for the page as it is now, at each width and in each mode. */
async function breaches(page: Page, label: string): Promise<string[]> {
  const found: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT });
    await settle(page);
    for (const b of await layoutBreaches(page, MODES)) found.push(`${label} at ${width} px, ${b.mode}: ${b.detail}`);
  }
  return found;
}

const SHARDS = 6;
const shards = Array.from({ length: SHARDS }, (_, i) => routes.filter((_, j) => j % SHARDS === i));

test.describe('every route', () => {
  // Long crawls: about 35 routes a shard, each at three widths in two modes.
  test.describe.configure({ timeout: 240_000 });

  for (const [i, paths] of shards.entries()) {
    test(`signed out, routes ${i + 1} of ${SHARDS}: nothing clipped, nothing wider than the screen`, async ({
      page,
    }) => {
      const found: string[] = [];
      for (const path of paths) {
        await page.setViewportSize({ width: WIDTHS[0], height: HEIGHT });
        await page.goto(path);
        await hydrated(page);
        // A signed-out guide opens the access modal: it is checked with the page.
        if (path.startsWith('/guides')) await expect(accessModal(page)).toBeVisible();
        found.push(...(await breaches(page, path)));
      }
      expect(found).toEqual([]);
    });

    const guides = paths.filter((p) => p.startsWith('/guides'));
    if (guides.length) {
      test(`signed in, guides ${i + 1} of ${SHARDS}: nothing clipped, nothing wider than the screen`, async ({
        page,
        context,
      }) => {
        await signIn(context);
        const found: string[] = [];
        for (const path of guides) {
          await page.setViewportSize({ width: WIDTHS[0], height: HEIGHT });
          await page.goto(path);
          await hydrated(page);
          found.push(...(await breaches(page, path)));
        }
        expect(found).toEqual([]);
      });
    }
  }
});

test.describe('dialogs and menus', () => {
  test('the search modal with long titles and snippets clips nothing', async ({ page }) => {
    await page.goto('/');
    await hydrated(page);
    await openWithButton(page);
    // Hits with long titles, long section names and snippets, and URLs several levels deep.
    await box(page).fill('helm release stuck pending upgrade');
    await expect(hits(page).first()).toBeVisible(FIRST_SEARCH);
    expect(await breaches(page, 'search modal')).toEqual([]);
    await expect(dialog(page)).toBeVisible();
  });

  test('the mobile menu clips nothing in either panel', async ({ page }) => {
    const found: string[] = [];
    for (const width of [412, 320]) {
      await page.setViewportSize({ width, height: HEIGHT });
      await page.goto('/helm-online-install');
      await hydrated(page);
      await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
      const back = page.getByRole('button', { name: 'Back to main menu' });
      await expect(back).toBeVisible();
      for (const b of await layoutBreaches(page, MODES))
        found.push(`secondary panel at ${width}, ${b.mode}: ${b.detail}`);
      await back.click();
      await expect(page.locator('.navbar-sidebar__items--show-secondary')).toHaveCount(0);
      await settle(page);
      for (const b of await layoutBreaches(page, MODES)) found.push(`main panel at ${width}, ${b.mode}: ${b.detail}`);
    }
    expect(found).toEqual([]);
  });
});

// The page actions sit above the title: whatever they show after a tap must not push the article.
const ACTION_PAGES = ['/install-options', '/releases/2025-03', '/guides/connections/postgresql'];
const MAX_SHIFT = 0.01;

test.describe('page actions move nothing', () => {
  // Six loads a test (three widths, two modes), each with three taps.
  test.describe.configure({ timeout: 120_000 });

  for (const path of ACTION_PAGES) {
    test(`on ${path}, at every width and in both modes`, async ({ page, context }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl('main') });
      if (path.startsWith('/guides')) await signIn(context);
      const shifts: string[] = [];
      for (const width of WIDTHS) {
        for (const mode of MODES) {
          await page.setViewportSize({ width, height: HEIGHT });
          await page.addInitScript((m) => window.localStorage.setItem('theme', m), mode);
          await page.goto(path);
          await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
          await hydrated(page);
          await watchLayoutShifts(page);
          const taps: [string, () => Promise<void>][] = [
            [
              'Copy page',
              async () => {
                await page.getByRole('button', { name: 'Copy page' }).click();
                await expect(page.getByRole('button', { name: 'Copied', exact: true })).toBeVisible();
              },
            ],
            [
              'Use with your AI assistant',
              async () => {
                await page.getByText('Use with your AI assistant').click();
                await expect(page.getByRole('button', { name: 'Copy MCP server URL' })).toBeVisible();
              },
            ],
            [
              'Copy MCP server URL',
              async () => {
                await page.getByRole('button', { name: 'Copy MCP server URL' }).click();
                await expect(page.getByRole('status').filter({ hasText: /^Copied http/ })).toHaveCount(1);
              },
            ],
          ];
          for (const [name, tap] of taps) {
            await tap();
            // Past the 0.5 s in which a browser's own metric would still forgive the shift.
            await page.waitForTimeout(600);
            const shift = await takeLayoutShift(page);
            if (shift > MAX_SHIFT) shifts.push(`${name} at ${width} px, ${mode}: layout shift ${shift.toFixed(3)}`);
          }
        }
      }
      expect(shifts).toEqual([]);
    });
  }
});
