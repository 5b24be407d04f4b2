import AxeBuilder from '@axe-core/playwright';
import type { Route } from '@playwright/test';
import { test, expect } from './fixtures';
import { box, dialog, hits, modalChunk, openWithButton, ready, searchButton } from './support/search';

// The search modal itself: opening, closing, shortcuts and the box's limits.
test.describe('search modal', () => {
  test('opens from the button and closes with Escape, the close button and the overlay, returning focus', async ({
    page,
  }) => {
    await ready(page);
    await openWithButton(page);
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toHaveCount(0);
    await expect(searchButton(page)).toBeFocused();

    await openWithButton(page);
    await dialog(page).getByRole('button', { name: 'Close' }).click();
    await expect(dialog(page)).toHaveCount(0);
    await expect(searchButton(page)).toBeFocused();

    await openWithButton(page);
    await page.mouse.click(5, 5); // the backdrop
    await expect(dialog(page)).toHaveCount(0);
    await expect(searchButton(page)).toBeFocused();

    // With a query typed, Escape still closes (a search input alone would only clear its text).
    await openWithButton(page);
    await box(page).fill('snowflake');
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toHaveCount(0);
    await expect(searchButton(page)).toBeFocused();
  });

  for (const key of ['s', '/']) {
    test(`'${key}' opens the modal and focuses the box, but not while typing in a field`, async ({ page }) => {
      await ready(page);
      await page.keyboard.press(key);
      await expect(box(page)).toBeFocused();
      await expect(box(page)).toHaveValue('');
      await page.keyboard.press('Escape');
      await expect(dialog(page)).toHaveCount(0);

      await page.evaluate(() => {
        const input = document.createElement('input');
        input.id = 'e2e-field';
        input.setAttribute('aria-label', 'e2e field');
        document.body.prepend(input);
        input.focus();
      });
      await page.keyboard.press(key);
      await expect(page.locator('#e2e-field')).toHaveValue(key);
      await expect(dialog(page)).toHaveCount(0);
    });
  }

  test('what is typed straight after the shortcut, while the modal loads, becomes the query', async ({ page }) => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = false;
    await page.route(modalChunk(), async (route: Route) => {
      held = true;
      await released;
      await route.continue();
    });
    await ready(page);
    await page.keyboard.press('/');
    await page.keyboard.type('bakcup');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('ckup');
    // 's' is a shortcut too: while the modal loads it is just a letter.
    await page.keyboard.type(' s');
    await expect(dialog(page)).toHaveCount(0);
    expect(held, 'the modal chunk was held back while typing').toBe(true);
    release();
    await expect(box(page)).toHaveValue('backup s');
    await expect(box(page)).toBeFocused();
    // Typing goes on at the end of the buffered text.
    await page.keyboard.type('napshot');
    await expect(box(page)).toHaveValue('backup snapshot');
    await expect(hits(page).first()).toBeVisible();
  });

  test('the box accepts at most 512 characters', async ({ page }) => {
    await ready(page);
    await openWithButton(page);
    await expect(box(page)).toHaveAttribute('maxlength', '512');
    await box(page).fill('x'.repeat(600));
    expect((await box(page).inputValue()).length).toBeLessThanOrEqual(512);
  });

  test('a one-character query shows no results', async ({ page }) => {
    await ready(page);
    await openWithButton(page);
    const hint = dialog(page).getByText('Type at least two characters to search.');
    await box(page).pressSequentially('b');
    await expect(hint).toBeVisible();
    await expect(hits(page)).toHaveCount(0);
    await box(page).pressSequentially('a');
    await expect(hits(page).first()).toBeVisible();
    // Back to one character, with results on screen: they go, and none for "b" take their place
    // (a one-character search would show results here, so this waits for a change, not a time).
    await box(page).press('Backspace');
    await expect(hint).toBeVisible();
    await expect(hits(page)).toHaveCount(0);
  });

  test('the open modal with results has no serious accessibility violations', async ({ page }) => {
    await ready(page);
    await openWithButton(page);
    await box(page).fill('backup');
    await expect(hits(page).first()).toBeVisible();
    const results = await new AxeBuilder({ page })
      .include('dialog')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help}`);
    expect(serious).toEqual([]);
  });
});
