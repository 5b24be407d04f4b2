// Every control answers a reader who acts as soon as the page has painted, before the app has
// hydrated: each test acts at first paint and never waits, and the early-input script
// (src/early-input) must hand the tap or key to the app, which acts on it exactly once. The
// `throttled` project runs this file with a 4x CPU slowdown, as a phone sees it.
// Why: maintainers/decisions/2026-11-27-early-input.md
import type { Page } from '@playwright/test';
import { test, expect, accessModal, signIn } from './fixtures';
import { baseUrl, IDP_ORIGIN } from './support/variants';

test.beforeEach(async ({ page }, testInfo) => {
  const rate = Number(testInfo.project.metadata.cpuThrottlingRate ?? 1);
  if (rate > 1) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  }
});

/** Opens `path` and returns as soon as the browser reports the first contentful paint. */
async function atFirstPaint(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: 'commit' });
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0, undefined, {
    polling: 10,
  });
}

/** True while the app has not hydrated: the test really acted before it. */
const beforeHydration = (page: Page) =>
  page.evaluate(() => document.documentElement.getAttribute('data-has-hydrated') !== 'true');

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Waits for hydration only to prove that what happened stays so (a second toggle would undo it). */
async function settled(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true', { timeout: 30_000 });
  await expect(page.locator('html')).not.toHaveAttribute('data-early-input', /.*/);
}

test.describe('a tap at first paint takes effect once', () => {
  test('the navbar menu button opens the menu on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await atFirstPaint(page, '/releases/2025-03');
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    await expect(page.locator('.navbar-sidebar--show')).toHaveCount(1);
    await expect(page.locator('.navbar-sidebar').getByRole('link', { name: 'Releases' }).first()).toBeVisible();
    await settled(page);
    await expect(page.locator('.navbar-sidebar--show')).toHaveCount(1);
  });

  test('the Search button opens the search box', async ({ page }) => {
    await atFirstPaint(page, '/install-options');
    const wasEarly = await beforeHydration(page);
    await nav(page).getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('searchbox', { name: 'Search the documentation' })).toBeFocused();
    await settled(page);
    await expect(page.getByRole('dialog')).toHaveCount(1);
    test.info().annotations.push({ type: 'before hydration', description: String(wasEarly) });
  });

  test('the colour mode switch changes the mode once', async ({ page }) => {
    await atFirstPaint(page, '/install-options');
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await nav(page)
      .getByRole('button', { name: /Switch between dark and light mode/ })
      .click({ force: true });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await settled(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });

  test('Login starts the sign-in', async ({ page }) => {
    await atFirstPaint(page, '/install-options');
    await nav(page).getByRole('button', { name: 'Login' }).click({ force: true });
    await page.waitForURL((url) => url.origin === IDP_ORIGIN);
  });

  test('a sidebar category opens in place', async ({ page }) => {
    await atFirstPaint(page, '/install-options');
    const sidebar = page.getByRole('navigation', { name: 'Docs sidebar' });
    const category = sidebar.locator('a.menu__link--sublist-caret[aria-expanded="false"]').first();
    const name = (await category.textContent())!.trim();
    await category.click();
    await expect(sidebar.getByRole('button', { name, exact: true })).toHaveAttribute('aria-expanded', 'true');
    await settled(page);
    await expect(sidebar.getByRole('button', { name, exact: true })).toHaveAttribute('aria-expanded', 'true');
    expect(new URL(page.url()).pathname).toBe('/install-options');
  });

  test('Copy page copies the page, and a code block’s copy button its code', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl('main') });
    await atFirstPaint(page, '/install-options');
    await page.getByRole('button', { name: 'Copy page' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Page copied to the clipboard as Markdown.' }),
    ).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^# Installation options\n/);

    await atFirstPaint(page, '/helm-online-install');
    const block = page.locator('.theme-code-block').first();
    const code = (await block.locator('code').textContent())!;
    // The theme renders code copy buttons in the browser only (BrowserOnly): the tap lands once
    // they show. Their "Copied" label lasts 1 s, which a 4x-throttled page can outlast between
    // two looks; the clipboard is the effect that stays.
    await block.getByRole('button', { name: 'Copy code to clipboard' }).click({ force: true });
    await expect.poll(async () => (await page.evaluate(() => navigator.clipboard.readText())).trim()).toBe(code.trim());
  });

  test('the AI assistant disclosure opens at the tap: a plain <details> is left to the browser', async ({ page }) => {
    await atFirstPaint(page, '/install-options');
    const disclosure = page
      .locator('details')
      .filter({ has: page.locator('summary', { hasText: 'Use with your AI assistant' }) });
    await disclosure.locator('summary').click();
    // The browser toggles a <details> in the click's own task: open now, with nothing held for
    // the app (a held tap would open it only once the page has hydrated).
    const now = await disclosure.evaluate((details) => ({
      open: (details as HTMLDetailsElement).open,
      held: document.documentElement.hasAttribute('data-early-input'),
    }));
    expect(now).toEqual({ open: true, held: false });
    await settled(page);
    await expect(disclosure).toHaveAttribute('open', '');
    await expect(disclosure.getByRole('button', { name: 'Copy MCP server URL' })).toBeVisible();
  });

  test('View as Markdown opens the Markdown twin', async ({ page }) => {
    await atFirstPaint(page, '/install-options');
    await page.getByRole('link', { name: 'View as Markdown' }).click();
    await page.waitForURL(`${baseUrl('main')}/install-options.md`);
  });

  for (const item of ['Guides', 'API Reference', 'Submit a Ticket']) {
    test(`a signed-out tap on ${item} shows the access modal, never the link`, async ({ page, context }) => {
      let popups = 0;
      context.on('page', () => popups++);
      await atFirstPaint(page, '/releases/2025-03');
      await nav(page).getByRole('link', { name: item }).click();
      await expect(accessModal(page)).toBeVisible();
      expect(page.url()).toBe(`${baseUrl('main')}/releases/2025-03`);
      expect(popups).toBe(0);
    });
  }

  test('signed in, a tap on Guides follows the link at once', async ({ page, context }) => {
    await signIn(context);
    await atFirstPaint(page, '/releases/2025-03');
    await nav(page).getByRole('link', { name: 'Guides' }).click();
    await page.waitForURL(`${baseUrl('main')}/guides/concept`);
    await expect(accessModal(page)).toHaveCount(0);
  });

  test('signed in, Logout signs out', async ({ page, context }) => {
    await signIn(context);
    await atFirstPaint(page, '/install-options');
    // Until the app knows the session the navbar offers Login (dimmed, keeping a tap); Logout
    // replaces it.
    const logoutRequest = page.waitForRequest(`${IDP_ORIGIN}/v2/logout**`);
    await nav(page).getByRole('button', { name: 'Logout' }).click();
    await logoutRequest;
    await page.waitForURL(`${baseUrl('main')}/`);
    expect(await page.evaluate(() => localStorage.getItem('id_token'))).toBeNull();
  });

  test('page feedback takes a vote', async ({ page }) => {
    await atFirstPaint(page, `${baseUrl('skipauth')}/install-options`);
    await page.mouse.wheel(0, 100000);
    const question = page.getByRole('region', { name: 'Was this page helpful?' });
    // The question loads when the end of the page comes near (src/reader/FeedbackSlot): the tap
    // lands as soon as it shows. A vote asks for an optional reason before the thanks.
    await question.getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByRole('group', { name: /What helped most\?/ })).toBeVisible();
    await page.getByRole('button', { name: 'Skip' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Thank you for your feedback.' })).toBeVisible();
    const votes = await page.evaluate(() =>
      ((window as { dataLayer?: { event?: string; vote?: string }[] }).dataLayer ?? [])
        .filter((e) => e.event === 'docs_feedback')
        .map((e) => e.vote),
    );
    expect(votes).toEqual(['yes']);
  });
});

test.describe('the search box keeps every key', () => {
  for (const shortcut of ['/', 's', 'Control+k']) {
    test(`${shortcut} at first paint, then a word at 30 ms a key`, async ({ page }) => {
      await atFirstPaint(page, '/install-options');
      await page.keyboard.press(shortcut);
      await page.keyboard.type('snowflake', { delay: 30 });
      await expect(page.getByRole('searchbox', { name: 'Search the documentation' })).toHaveValue('snowflake');
    });
  }

  test('Ctrl+K on a page whose search was opened before, then a word at 30 ms a key', async ({ page }) => {
    await atFirstPaint(page, '/install-options');
    const box = page.getByRole('searchbox', { name: 'Search the documentation' });
    await page.keyboard.press('/');
    await expect(box).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(box).toHaveCount(0);
    await page.keyboard.press('Control+k');
    await page.keyboard.type('snowflake', { delay: 30 });
    await expect(box).toHaveValue('snowflake');
    // Typing on once results show loses nothing either.
    await page.keyboard.type(' connection', { delay: 30 });
    await expect(box).toHaveValue('snowflake connection');
  });
});

test.describe('taps and keys are handed over in the order given', () => {
  test('a category tap, then the search shortcut and a word', async ({ page }) => {
    await atFirstPaint(page, '/install-options');
    const sidebar = page.getByRole('navigation', { name: 'Docs sidebar' });
    const category = sidebar.locator('a.menu__link--sublist-caret[aria-expanded="false"]').first();
    const name = (await category.textContent())!.trim();
    await category.click();
    await page.keyboard.press('/');
    await page.keyboard.type('helm', { delay: 30 });
    await expect(page.getByRole('searchbox', { name: 'Search the documentation' })).toHaveValue('helm');
    await expect(sidebar.getByRole('button', { name, exact: true })).toHaveAttribute('aria-expanded', 'true');
  });
});
