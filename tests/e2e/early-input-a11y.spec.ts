// The early-input stand-ins (src/early-input/standins.ts) meet the app's accessibility bar: axe
// finds no serious violation in them, in either colour mode, and the menu and search box are
// modal dialogs with names (focus stays inside, Escape closes, focus returns to the opener).
// Why: maintainers/decisions/2026-11-27-early-input-standins.md
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';

async function seriousViolations(page: Page, scope: string) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .include(scope)
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** Opens `path` with the app's scripts held for the whole test: everything here is the stand-ins'. */
async function openWithoutApp(page: Page, path: string): Promise<void> {
  await page.route(/\/assets\/js\/.+\.js$/, () => undefined);
  await page.goto(path, { waitUntil: 'commit' });
  await page.waitForFunction(() =>
    performance.getEntriesByType('resource').some((r) => r.name.includes('/assets/early-input/')),
  );
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`stand-ins in ${theme} mode`, () => {
    test.beforeEach(async ({ context }) => {
      await context.addInitScript((t) => window.localStorage.setItem('theme', t), theme);
    });

    test('the menu: named modal dialog, no serious axe violation, Escape returns focus', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await openWithoutApp(page, '/install-options');
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      const toggle = page.getByRole('button', { name: 'Toggle navigation bar' });
      await toggle.click();
      const menu = page.getByRole('dialog', { name: 'Main' });
      await expect(menu).toBeVisible();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      expect(await seriousViolations(page, 'dialog[data-early-standin="menu"]')).toEqual([]);
      // Focus stays in the dialog (the page behind it is inert).
      for (let i = 0; i < 30; i++) await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.closest('dialog[data-early-standin]') !== null)).toBe(
        true,
      );
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
      await expect(toggle).toBeFocused();
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    });

    test('the search box: named modal dialog, no serious axe violation', async ({ page }) => {
      await openWithoutApp(page, '/install-options');
      await page.keyboard.press('/');
      const dialog = page.getByRole('dialog', { name: 'Search' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('searchbox', { name: 'Search the documentation' })).toBeFocused();
      await page.keyboard.type('helm');
      expect(await seriousViolations(page, 'dialog[data-early-standin="search"]')).toEqual([]);
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
    });

    test('the Copy page confirmation: a status, no serious axe violation', async ({ page, context, baseURL }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
      await openWithoutApp(page, '/install-options');
      // force: with the app held back the page never settles for Playwright's stability check.
      await page.getByRole('button', { name: 'Copy page' }).click({ force: true });
      const status = page.getByRole('status').filter({ hasText: 'Page copied to the clipboard as Markdown.' });
      await expect(status).toBeVisible();
      expect(await seriousViolations(page, '[data-early-standin="status"]')).toEqual([]);
    });
  });
}
