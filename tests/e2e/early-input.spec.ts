// Every control answers a reader who acts as soon as the page has painted, before the app has
// hydrated: each test acts at first paint and never waits, and the early-input script
// (src/early-input) must hand the tap or key to the app, which acts on it exactly once. The
// `throttled` project runs this file with a 4x CPU slowdown, as a phone sees it.
// Why: maintainers/decisions/2026-11-27-early-input.md
import type { Page } from '@playwright/test';
import { holdApp } from './support/holdApp';
import { test, expect, accessModal, signIn } from './fixtures';
import { refuseClipboard } from './support/refuseClipboard';
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

// The stand-ins (src/early-input/standins.ts) answer the chrome itself before hydration. These
// tests hold the app's scripts back until they release them, so every step before that is surely
// answered by a stand-in, then check that the app took the state over once and no stand-in is left.
// Why: maintainers/decisions/2026-11-27-early-input-standins.md

/** What the page showed one frame after each tap or key, recorded inside the page. */
const ANSWER_RECORDER = () => {
  const w = window as unknown as { __answers: Record<string, unknown>[] };
  w.__answers = [];
  const snapshot = (type: string) => {
    const box = document.activeElement instanceof HTMLInputElement ? document.activeElement : null;
    w.__answers.push({
      type,
      hydrated: document.documentElement.getAttribute('data-has-hydrated') === 'true',
      menu: document.querySelector('.navbar-sidebar--show .navbar-sidebar') !== null,
      box: box?.type === 'search' ? box.value : null,
      theme: document.documentElement.getAttribute('data-theme'),
    });
  };
  // A disabled button (the colour mode switch) gets no click: its pointerup is the tap.
  for (const type of ['click', 'pointerup', 'keyup']) {
    document.addEventListener(type, () => requestAnimationFrame(() => snapshot(type)), true);
  }
};

const answers = (page: Page) =>
  page.evaluate(() => (window as unknown as { __answers: Record<string, unknown>[] }).__answers);
const standins = (page: Page) => page.locator('[data-early-standin]');
const appMenu = (page: Page) => page.locator('#__docusaurus .navbar-sidebar');

test.describe('stand-ins answer before hydration, and the app takes their state over', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(ANSWER_RECORDER);
  });

  test('the menu opens at the tap, at the doc sidebar; its panel and categories carry over', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const release = await holdApp(page);
    await atFirstPaint(page, '/install-options');
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    const menu = page.locator('dialog[data-early-standin="menu"]');
    await expect(menu.getByRole('link', { name: 'Installation options' })).toBeVisible();
    expect(await beforeHydration(page)).toBe(true);
    // Collapse a category, then go back to the main menu: both must survive the hand-over.
    await menu.getByRole('button', { name: 'Get started' }).click();
    await expect(menu.getByRole('button', { name: 'Get started' })).toHaveAttribute('aria-expanded', 'false');
    await menu.getByRole('button', { name: '← Back to main menu' }).click();
    await expect(menu.getByRole('link', { name: 'Releases' })).toBeVisible();
    expect(await beforeHydration(page)).toBe(true);
    const first = (await answers(page)).find((a) => a.type === 'click');
    expect(first).toMatchObject({ hydrated: false, menu: true });

    release();
    await settled(page);
    await expect(standins(page)).toHaveCount(0);
    await expect(page.locator('.navbar-sidebar--show')).toHaveCount(1);
    await expect(appMenu(page).getByRole('link', { name: 'Releases' })).toBeVisible();
    await expect(appMenu(page).locator('.navbar-sidebar__items')).not.toHaveClass(/--show-secondary/);
    await expect(appMenu(page).getByRole('button', { name: 'Get started' })).toHaveAttribute('aria-expanded', 'false');
    // The app's own close button works: the app's state is the menu's.
    await appMenu(page).getByRole('button', { name: 'Close navigation bar' }).click();
    await expect(page.locator('.navbar-sidebar--show')).toHaveCount(0);
  });

  test('the menu keeps its scroll and focus through the hand-over', async ({ page }) => {
    // A phone held sideways: the doc sidebar's panel is longer than the screen.
    await page.setViewportSize({ width: 390, height: 360 });
    const release = await holdApp(page);
    await atFirstPaint(page, '/install-options');
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    const menu = page.locator('dialog[data-early-standin="menu"]');
    const panel = menu.locator('.navbar-sidebar__item.menu').last();
    await expect(panel.getByRole('link', { name: 'Installation options' })).toBeVisible();
    await panel.getByRole('link', { name: 'Installation options' }).focus();
    const scrolled = await panel.evaluate((el) => {
      el.scrollTop = 120;
      return el.scrollTop;
    });
    expect(scrolled).toBeGreaterThan(50);
    release();
    await settled(page);
    await expect(standins(page)).toHaveCount(0);
    const own = appMenu(page).locator('.navbar-sidebar__item.menu').last();
    await expect.poll(() => own.evaluate((el) => el.scrollTop)).toBe(scrolled);
    await expect(own.getByRole('link', { name: 'Installation options' })).toBeFocused();
  });

  test('a category with no items in the page is held, then opens once in the app’s menu', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const release = await holdApp(page);
    await atFirstPaint(page, '/install-options');
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    const menu = page.locator('dialog[data-early-standin="menu"]');
    await menu.getByRole('button', { name: 'Helm' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-early-input', '1');
    release();
    await settled(page);
    await expect(standins(page)).toHaveCount(0);
    await expect(appMenu(page).getByRole('button', { name: 'Helm' })).toHaveAttribute('aria-expanded', 'true');
  });

  test('Escape closes the menu and focus returns to the menu button', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const release = await holdApp(page);
    await atFirstPaint(page, '/releases/2025-03');
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    await expect(page.locator('dialog[data-early-standin="menu"]')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.locator('dialog[data-early-standin="menu"]')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Toggle navigation bar' })).toBeFocused();
    release();
    await settled(page);
    await expect(standins(page)).toHaveCount(0);
    await expect(page.locator('.navbar-sidebar--show')).toHaveCount(0);
  });

  test('the search box takes typing at once; the app keeps the text and the caret', async ({ page }) => {
    const release = await holdApp(page);
    await atFirstPaint(page, '/install-options');
    await page.keyboard.press('/');
    await page.keyboard.type('snowflake', { delay: 30 });
    const box = page.getByRole('searchbox', { name: 'Search the documentation' });
    await expect(box).toBeFocused();
    await expect(box).toHaveValue('snowflake');
    expect(await beforeHydration(page)).toBe(true);
    expect((await answers(page)).at(-1)).toMatchObject({ hydrated: false, box: 'snowflake' });
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    release();
    await settled(page);
    await expect(standins(page)).toHaveCount(0);
    const own = page.locator('#search-modal-input');
    await expect(own).toBeFocused();
    await expect(own).toHaveValue('snowflake');
    await page.keyboard.type('X');
    await expect(own).toHaveValue('snowflaXke');
    await expect(page.getByRole('dialog')).toHaveCount(1);
  });

  test('Ctrl+K in the open search box’s dialog, focus on its Close button, goes back to the box', async ({ page }) => {
    const release = await holdApp(page);
    await atFirstPaint(page, '/install-options');
    await page.keyboard.press('/');
    await page.keyboard.type('sno');
    await page.keyboard.press('Shift+Tab');
    const standin = page.locator('dialog[data-early-standin="search"]');
    await expect(standin.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Control+k');
    await expect(standin.getByRole('searchbox')).toBeFocused();
    await page.keyboard.type('w');
    await expect(standin.getByRole('searchbox')).toHaveValue('snow');
    await expect(page.locator('html')).not.toHaveAttribute('data-early-input', /.*/);
    release();
    await settled(page);
    await expect(page.locator('#search-modal-input')).toHaveValue('snow');
  });

  test('typing that goes on through the hand-over loses no key', async ({ page }) => {
    const release = await holdApp(page);
    await atFirstPaint(page, '/install-options');
    await page.keyboard.press('/');
    await page.keyboard.type('snow', { delay: 15 });
    release();
    // About 2 s of keys at 15 ms: the app hydrates, and its box takes over, while they come.
    const rest = 'flake warehouse connection pool settings for the nightly checks';
    await page.keyboard.type(rest, { delay: 15 });
    await settled(page);
    const own = page.locator('#search-modal-input');
    await expect(own).toBeFocused();
    await expect(own).toHaveValue(`snow${rest}`);
    await expect(standins(page)).toHaveCount(0);
  });

  test('the search box closes on Escape or a backdrop tap, and focus goes to the Search button', async ({ page }) => {
    const release = await holdApp(page);
    await atFirstPaint(page, '/install-options');
    const standin = page.locator('dialog[data-early-standin="search"]');
    await page.keyboard.press('/');
    await expect(standin).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(standin).toHaveCount(0);
    await expect(nav(page).getByRole('button', { name: 'Search' })).toBeFocused();
    await page.keyboard.press('/');
    await expect(standin).toBeVisible();
    await page.mouse.click(5, 400);
    await expect(standin).toHaveCount(0);
    expect(await beforeHydration(page)).toBe(true);
    // Typing after the box closed is not search typing: nothing opens at hydration.
    await page.keyboard.type('ab');
    release();
    await settled(page);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('the Search button opens the box at the tap', async ({ page }) => {
    const release = await holdApp(page);
    await atFirstPaint(page, '/releases/2025-03');
    await nav(page).getByRole('button', { name: 'Search' }).click();
    const box = page.getByRole('searchbox', { name: 'Search the documentation' });
    await expect(box).toBeFocused();
    await page.keyboard.type('helm');
    expect((await answers(page)).find((a) => a.type === 'click')).toMatchObject({ hydrated: false, box: '' });
    release();
    await settled(page);
    await expect(page.locator('#search-modal-input')).toHaveValue('helm');
    await expect(standins(page)).toHaveCount(0);
    // The app's dialog took over from the stand-in's: closing it returns focus to the opener.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(nav(page).getByRole('button', { name: 'Search' })).toBeFocused();
  });

  test('colour mode changes at the tap and the app keeps it', async ({ page }) => {
    const release = await holdApp(page);
    await atFirstPaint(page, '/install-options');
    await nav(page)
      .getByRole('button', { name: /Switch between dark and light mode/ })
      .click({ force: true });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    expect((await answers(page)).find((a) => a.type === 'pointerup')).toMatchObject({ hydrated: false, theme: 'dark' });
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    release();
    await settled(page);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    const toggle = nav(page).getByRole('button', { name: /Switch between dark and light mode/ });
    await expect(toggle).toHaveAttribute('aria-label', /currently dark mode/);
    await toggle.click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  });

  test('a signed-out tap on Guides shows the access modal at once; the app’s replaces it', async ({ page }) => {
    const release = await holdApp(page);
    await atFirstPaint(page, '/releases/2025-03');
    await nav(page).getByRole('link', { name: 'Guides' }).click();
    await expect(accessModal(page)).toBeVisible();
    await expect(
      page.locator('dialog[data-early-standin="access"]').getByRole('button', { name: 'Login' }),
    ).toBeFocused();
    expect(await beforeHydration(page)).toBe(true);
    release();
    await settled(page);
    await expect(standins(page)).toHaveCount(0);
    await expect(accessModal(page)).toBeVisible();
    await expect(page.locator('#__docusaurus dialog[open]')).toHaveCount(1);
    expect(page.url()).toBe(`${baseUrl('main')}/releases/2025-03`);
    await page.keyboard.press('Escape');
    await expect(accessModal(page)).toHaveCount(0);
    await expect(nav(page).getByRole('link', { name: 'Guides' })).toBeFocused();
  });

  test('on a phone, the access modal opened from the menu returns focus to the menu’s link', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const release = await holdApp(page);
    await atFirstPaint(page, '/releases/2025-03');
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    const menu = page.locator('dialog[data-early-standin="menu"]');
    await menu.getByRole('button', { name: '← Back to main menu' }).click();
    await menu.getByRole('link', { name: 'Guides' }).click();
    await expect(page.locator('dialog[data-early-standin="access"]')).toBeVisible();
    release();
    await settled(page);
    await expect(standins(page)).toHaveCount(0);
    await expect(accessModal(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(accessModal(page)).toHaveCount(0);
    await expect(appMenu(page).getByRole('link', { name: 'Guides' })).toBeFocused();
  });

  test('Escape on the access modal’s stand-in as the app takes over leaves no modal', async ({ page }) => {
    const release = await holdApp(page);
    await atFirstPaint(page, '/releases/2025-03');
    await nav(page).getByRole('link', { name: 'API Reference' }).click();
    await expect(page.locator('dialog[data-early-standin="access"]')).toBeVisible();
    // Whether Escape lands before the app's modal shows or after, the reader asked for none.
    release();
    await page.keyboard.press('Escape');
    await settled(page);
    await expect(standins(page)).toHaveCount(0);
    await expect(accessModal(page)).toHaveCount(0);
    expect(page.url()).toBe(`${baseUrl('main')}/releases/2025-03`);
  });

  test('Login in the access modal’s stand-in is held, then signs in once', async ({ page }) => {
    const release = await holdApp(page);
    await atFirstPaint(page, '/releases/2025-03');
    await nav(page).getByRole('link', { name: 'API Reference' }).click();
    await page.locator('dialog[data-early-standin="access"]').getByRole('button', { name: 'Login' }).click();
    await expect(page.locator('html')).toHaveAttribute('data-early-input', '1');
    release();
    await page.waitForURL((url) => url.origin === IDP_ORIGIN);
  });

  test('Copy page copies at the tap, once, with a spoken confirmation', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl('main') });
    await page.addInitScript(() => {
      const w = window as unknown as {
        __writes: number;
        __handed: unknown[];
        __hydratedAt: number;
      };
      w.__writes = 0;
      w.__handed = [];
      w.__hydratedAt = 0;
      const clipboard = navigator.clipboard;
      const write = clipboard.write.bind(clipboard);
      const writeText = clipboard.writeText.bind(clipboard);
      clipboard.write = (data) => {
        w.__writes++;
        return write(data);
      };
      clipboard.writeText = (text) => {
        w.__writes++;
        return writeText(text);
      };
      // The init script runs before <html> exists: the document is watched.
      new MutationObserver(() => {
        if (document.documentElement.getAttribute('data-has-hydrated') === 'true') w.__hydratedAt ||= Date.now();
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-has-hydrated'] });
      document.addEventListener('veriq:standin-copy', (event) => w.__handed.push((event as CustomEvent).detail));
    });
    const release = await holdApp(page);
    await atFirstPaint(page, '/install-options');
    const actions = page.getByRole('group', { name: 'Page actions' });
    await actions.getByRole('button', { name: 'Copy page' }).click();
    const said = page.getByRole('status').filter({ hasText: 'Page copied to the clipboard as Markdown.' });
    await expect(said).toBeVisible();
    const copiedAt = await page.evaluate(() => Date.now());
    // The app's own confirmation: the button's label, and nothing else in sight.
    await expect(actions.getByRole('button', { name: 'Copied' })).toBeVisible();
    await expect(page.getByText('Page copied to the clipboard as Markdown.')).toHaveCSS('clip-path', 'inset(50%)');
    expect(await beforeHydration(page)).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^# Installation options\n/);
    release();
    await settled(page);
    await expect(page.locator('[data-early-standin]:not([data-early-standin="status"])')).toHaveCount(0);
    const handed = await page.evaluate(() => (window as unknown as { __handed: { ms: number }[] }).__handed);
    if (handed.length === 1 && handed[0].ms > 2_000) {
      // The app took the confirmation over: the label stays, and it is not said a second time.
      expect(handed[0]).toMatchObject({ kind: 'copied', twin: '/install-options.md', said: true });
      await expect(actions.getByRole('button', { name: 'Copied' })).toBeVisible();
      await expect(said).toHaveCount(1);
    } else if (handed.length === 0) {
      // Nothing to hand over only when the app came after the confirmation's 4 s (a slow phone).
      const hydratedAt = await page.evaluate(() => (window as unknown as { __hydratedAt: number }).__hydratedAt);
      expect(hydratedAt - copiedAt).toBeGreaterThan(3_500);
    } else expect(handed).toHaveLength(1);
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { __writes: number }).__writes)).toBe(1);
    // 4 s after the tap, the label is "Copy page" again and the stand-in's region is gone.
    await expect(actions.getByRole('button', { name: 'Copy page' })).toBeVisible({ timeout: 6_000 });
    await expect(page.locator('[data-early-standin]')).toHaveCount(0);
  });

  // Focus moves to the offered Markdown only when the reader has not moved on meanwhile.
  for (const movesOn of [false, true]) {
    test(`Copy page refused before hydration: the app offers the Markdown${movesOn ? ', focus left where the reader moved it' : ', selected'}`, async ({
      page,
      request,
    }) => {
      await refuseClipboard(page);
      const release = await holdApp(page);
      await atFirstPaint(page, '/install-options');
      await page.getByRole('button', { name: 'Copy page' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'did not allow copying' })).toBeVisible();
      expect(await beforeHydration(page)).toBe(true);
      if (movesOn) await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => document.activeElement?.textContent);
      release();
      await settled(page);
      const fallback = page.getByRole('textbox', { name: 'Markdown of this page' });
      await expect(fallback).toHaveValue(await (await request.get('/install-options.md')).text());
      if (movesOn) {
        await expect(fallback).not.toBeFocused();
        expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(focused);
      } else await expect(fallback).toBeFocused();
      const said = movesOn ? 'The Markdown is below: select it' : 'The Markdown is selected below';
      await expect(page.getByRole('status').filter({ hasText: said })).toBeVisible();
      await expect(page.locator('[data-early-standin]')).toHaveCount(0);
    });
  }
});
