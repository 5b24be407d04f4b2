import type { Page } from '@playwright/test';
import { test, expect, signIn, hydrated } from './fixtures';
import { baseUrl } from './support/variants';

const navbar = (page: Page) => page.getByRole('navigation', { name: 'Main' });

test.describe('navbar', () => {
  test('has the required items with their targets', async ({ page }) => {
    await page.goto('/');
    const nav = navbar(page);
    await expect(nav.getByRole('link', { name: 'Installation' })).toHaveAttribute('href', '/');
    await expect(nav.getByRole('link', { name: 'Guides' })).toHaveAttribute('href', '/guides/concept');
    await expect(nav.getByRole('link', { name: 'Releases' })).toHaveAttribute('href', '/releases/2025-03');
    await expect(nav.getByRole('button', { name: /Switch between dark and light mode/ })).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Login' })).toBeVisible();
  });

  for (const name of ['API Reference', 'Submit a Ticket']) {
    test(`${name} is an external link opening a new tab`, async ({ page }) => {
      await page.goto('/');
      const link = navbar(page).getByRole('link', { name });
      await expect(link).toHaveAttribute('href', /^https:\/\//);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    });
  }

  const active = [
    { path: '/', item: 'Installation' },
    { path: '/helm-online-install', item: 'Installation' },
    { path: '/releases/2025-03', item: 'Releases' },
    { path: '/restricted/architecture-deployment-patterns', item: null },
    { path: '/guides/concept', item: 'Guides' },
  ];
  for (const { path, item } of active) {
    test(`active item on ${path} is ${item ?? 'none'}`, async ({ page, context }) => {
      await signIn(context);
      await page.goto(path);
      const activeLinks = navbar(page).locator('a.navbar__link--active');
      if (item) {
        await expect(activeLinks).toHaveCount(1);
        await expect(activeLinks).toHaveText(item);
      } else {
        await expect(activeLinks).toHaveCount(0);
      }
    });
  }
});

// Small laptops and tablets in landscape get the desktop navbar from 997 px: every label must
// stay on one line and the site title must show in full (it wrapped and was cut at 1000 px).
for (const width of [997, 1024, 1280]) {
  test(`the desktop navbar fits on one line at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 700 });
    await page.goto('/releases/2025-03');
    const nav = navbar(page);
    await expect(nav.getByRole('button', { name: 'Login' })).toBeVisible();
    const heights = await nav
      .locator('.navbar__item')
      .evaluateAll((items) => items.map((item) => item.getBoundingClientRect().height));
    const lineHeight = await nav
      .getByRole('link', { name: 'Installation' })
      .evaluate((link) => parseFloat(getComputedStyle(link).lineHeight));
    for (const height of heights) expect(height).toBeLessThan(lineHeight * 2);
    const title = await nav
      .locator('.navbar__title')
      .evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth, text: el.textContent }));
    expect(title.text).toBe('Veriq Docs');
    expect(title.scroll).toBeLessThanOrEqual(title.client);
  });
}

test('footer is dark with a copyright line and no links', async ({ page }) => {
  await page.goto('/');
  const footer = page.locator('footer.footer');
  await expect(footer).toHaveClass(/footer--dark/);
  await expect(footer).toContainText(/Copyright © \d{4} Veriq/);
  await expect(footer.locator('a')).toHaveCount(0);
});

test.describe('colour mode', () => {
  test('defaults to light even when the system prefers dark', async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto(`${baseUrl('main')}/`);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await context.close();
  });

  test('toggles light and dark only, and persists across reloads', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: /Switch between dark and light mode/ });
    await toggle.click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await page.getByRole('button', { name: /Switch between dark and light mode/ }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  });

  test('a change in one tab reaches the other open tabs', async ({ context }) => {
    const [first, second] = [await context.newPage(), await context.newPage()];
    for (const tab of [first, second]) {
      await tab.goto('/releases/2025-03');
      await expect(tab.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
    }
    await first.getByRole('button', { name: /Switch between dark and light mode/ }).click();
    await expect(first.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(second.locator('html')).toHaveAttribute('data-theme', 'dark');
    await second.getByRole('button', { name: /Switch between dark and light mode/ }).click();
    await expect(first.locator('html')).toHaveAttribute('data-theme', 'light');
  });
});

test.describe('docs layout', () => {
  test('breadcrumbs, a sidebar that cannot be hidden, and a table of contents of h2-h3', async ({ page }) => {
    await page.goto('/releases/2025-03');
    await expect(page.getByRole('navigation', { name: 'Breadcrumbs' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Docs sidebar' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Collapse sidebar' })).toHaveCount(0);
    const tocLinks = page.locator('.table-of-contents a');
    expect(await tocLinks.count()).toBeGreaterThan(1);
    const levels = await tocLinks.evaluateAll((links) =>
      links.map((a) => document.getElementById(decodeURIComponent(a.getAttribute('href')!.slice(1)))?.tagName),
    );
    expect(new Set(levels)).toEqual(new Set(['H2', 'H3'].filter((l) => levels.includes(l))));
    expect(levels).toContain('H2');
    expect(levels.every((l) => l === 'H2' || l === 'H3')).toBe(true);
  });

  // autoCollapseCategories: false. With it on, opening Helm would close Embedded Cluster.
  test('sidebar categories stay open when another one opens', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
    const sidebar = page.getByRole('navigation', { name: 'Docs sidebar' });
    const first = sidebar.getByRole('button', { name: 'Embedded Cluster', exact: true });
    const second = sidebar.getByRole('button', { name: 'Helm', exact: true });
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(second).toHaveAttribute('aria-expanded', 'false');
    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await second.click();
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(first).toHaveAttribute('aria-expanded', 'true');
  });
});

test.describe('mobile', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('menu has a main panel and a secondary panel with "Back to main menu"', async ({ page }) => {
    // A reader's tap: no waiting for hydration (src/early-input holds an early one).
    await page.goto('/releases/2025-03');
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    const sidebar = page.locator('.navbar-sidebar');
    await expect(sidebar).toBeVisible();
    await expect(sidebar.getByRole('button', { name: '← Back to main menu' })).toBeVisible();
    await sidebar.getByRole('button', { name: '← Back to main menu' }).click();
    await expect(sidebar.getByRole('link', { name: 'Installation' })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: 'Releases' })).toBeVisible();
  });

  test('after hydration a phone keeps the collapsible table of contents and drops the desktop one', async ({
    page,
  }) => {
    // The server renders both (it cannot know the width); CSS shows the phone's. Read from the
    // server HTML: the page may have hydrated by the time the load event lets a test look.
    const html = await (await page.request.get('/releases/2025-03')).text();
    expect(html).toMatch(/class="?[^">]*\btheme-doc-toc-desktop\b/);
    expect(html).toMatch(/class="?[^">]*\btheme-doc-toc-mobile\b/);
    await page.goto('/releases/2025-03');
    // About what the app does once hydrated.
    await hydrated(page);
    // The window size is applied in a transition after hydration (framework/replacements/window-size/useWindowSize.ts).
    await expect(page.locator('.theme-doc-toc-desktop')).toHaveCount(0);
    await expect(page.locator('.theme-doc-toc-mobile')).toBeVisible();
    // The sidebar's column stays (CSS hides it); the desktop sidebar inside it goes.
    await expect(page.locator('.theme-doc-sidebar-container nav.menu')).toHaveCount(0);
  });

  test('growing the window to desktop width brings the desktop sidebar and table of contents back', async ({
    page,
  }) => {
    await page.goto('/releases/2025-03');
    // About how the hydrated app follows a resize.
    await hydrated(page);
    await expect(page.locator('.theme-doc-toc-desktop')).toHaveCount(0);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.locator('.theme-doc-toc-desktop')).toBeVisible();
    await expect(page.locator('.theme-doc-sidebar-container nav.menu')).toBeVisible();
    // Rendered at every width, shown by CSS on phones only.
    await expect(page.locator('.theme-doc-toc-mobile')).toBeHidden();
  });
});

test('unknown paths show the not-found page with a 404 status', async ({ page, request }) => {
  // The directions are loaded on demand (src/theme/NotFound/Content): the server HTML has them.
  const html = await (await request.get('/no-such-page')).text();
  expect(html).toContain('Page Not Found');
  expect(html).toContain('Veriq documentation home');
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
  await expect(page.getByRole('link', { name: 'Veriq documentation home' })).toHaveAttribute('href', '/');
});

test('a client-side navigation to an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/helm-online-install');
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => {
    window.history.pushState(null, '', '/no-such-page');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
  await expect(page.getByRole('link', { name: 'Latest release notes' })).toHaveAttribute('href', '/releases/2025-03');
});

// Docusaurus strips a trailing .html or index.html when matching routes, so old links that
// still carry the extension render their page after hydration instead of the not-found page.
for (const [path, heading] of [
  ['/releases/2025-03.html', /6\.5/],
  ['/index.html', /Veriq/],
] as const) {
  test(`${path} renders its page, not the not-found page`, async ({ page }) => {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('article h1')).toHaveText(heading);
    await expect(page.getByText('Page Not Found')).toHaveCount(0);
  });
}
