import type { Page } from '@playwright/test';
import type { PrismTheme } from 'prism-react-renderer';
import { test, expect, hydrated } from './fixtures';
import { darkCodeTheme, lightCodeTheme } from '../../plugins/code-tokenizer/themes';
import { themeDictionary } from '../../shared/code-highlight/themeProps';

// Required behaviours that come from Docusaurus itself; these tests keep them from
// being swizzled away.

// From the home page, the navbar's Releases link leads to a page in another sidebar whose
// chunks the home page has not loaded yet.
const target = { href: '/releases/2025-03', docId: 'releases/2025-03', name: 'Releases' };
const sidebarLink = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });

/** The compiled MDX content of the target page (MDX compiles every page to `{let{wrapper:`). */
const isTargetContent = (body: string) => body.includes(`"id":"${target.docId}"`) && body.includes('{let{wrapper:');

test('hovering a link preloads the target page before the click', async ({ page }) => {
  await page.goto('/');
  // The preload is a hydrated Link's mouseenter handler; a hover before hydration preloads
  // nothing and loses nothing (the click still navigates). On a busy 2-core CI runner the
  // network can go idle before React has hydrated, and the hover then came too early.
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  const bodies: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.text().catch(() => ''));
  });
  await sidebarLink(page, target.name).hover();
  await expect.poll(async () => (await Promise.all(bodies)).some(isTargetContent)).toBe(true);
  expect(page.url()).not.toContain(target.href);
});

test('links in view prefetch their pages once the page is idle, each file once', async ({ page }) => {
  // A release page links to its neighbours and its sidebar links to every release: many routes
  // that share their layout and metadata chunks (framework/replacements/prefetch/prefetchQueue.ts).
  await page.goto('/releases/2025-03');
  // About what the app does once hydrated and idle.
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  const prefetched = () =>
    page.evaluate(() => Array.from(document.querySelectorAll('link[rel="prefetch"]'), (l) => l.getAttribute('href')));
  await expect.poll(async () => (await prefetched()).length).toBeGreaterThan(3);
  const hrefs = await prefetched();
  expect(new Set(hrefs).size, 'one <link rel="prefetch"> per file').toBe(hrefs.length);
  expect(hrefs.every((href) => /^\/assets\/js\/[^/]+\.js$/.test(href ?? ''))).toBe(true);
  // A page the sidebar links to is among them: its own content chunk is fetched ahead.
  const bodies = await Promise.all(
    hrefs.map((href) => page.evaluate((url) => fetch(url!).then((r) => r.text()), href)),
  );
  expect(bodies.some((body) => body.includes('"id":"releases/2025-02"'))).toBe(true);
});

test('a slow navigation shows the progress bar, then the page, scrolled to the top', async ({ page }) => {
  await page.goto('/');
  // About a client-side navigation: before hydration a link is a full page load.
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  await page.route('**/assets/js/*.js', async (route) => {
    await new Promise((r) => setTimeout(r, 1200));
    await route.continue();
  });
  await page.mouse.wheel(0, 1500);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await sidebarLink(page, target.name).click();
  await expect(page.locator('#nprogress')).toBeAttached();
  await page.waitForURL(`**${target.href}`);
  await expect(page.locator('#nprogress')).not.toBeAttached({ timeout: 10_000 });
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('navigating to a hash scrolls its heading into view', async ({ page }) => {
  await page.goto('/releases/2025-03');
  const tocLink = page.locator('.table-of-contents a').nth(2);
  const id = decodeURIComponent((await tocLink.getAttribute('href'))!.slice(1));
  await page.goto('/');
  await page.goto(`/releases/2025-03#${id}`);
  await expect(page.locator(`[id="${id}"]`)).toBeInViewport();
});

test('a route that fails to preload logs a warning and reloads the page', async ({ page }) => {
  // The target's chunks must not be prefetched while the page idles (its link is in the navbar):
  // a script the browser already holds from a prefetch can load without reaching the route below,
  // and then nothing fails.
  let offline = false;
  await page.route('**/assets/js/*.js', (route) =>
    offline || route.request().resourceType() !== 'script' ? route.abort('failed') : route.continue(),
  );
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  const warnings: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'warning' || m.type() === 'error') warnings.push(m.text());
  });
  offline = true;
  const reload = page.waitForRequest((r) => r.isNavigationRequest() && r.url().endsWith(target.href));
  await sidebarLink(page, target.name).click();
  await reload;
  expect(warnings.join('\n')).toMatch(/Failed to load|preload|chunk/i);
});

test('a page that throws while rendering shows the crash fallback with Try again', async ({ page }) => {
  // Make the compiled content module of one page throw when React renders it, the way a bug in
  // a page component would. MDX compiles every page to a component starting `{let{wrapper:`.
  await page.route('**/assets/js/*.js', async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (isTargetContent(body)) {
      await route.fulfill({
        response,
        body: body.replace('{let{wrapper:', '{throw new Error("Injected render failure");let{wrapper:'),
      });
      return;
    }
    await route.fulfill({ response, body });
  });
  await page.goto('/releases/2025-03');
  await expect(page.getByRole('heading', { name: 'This page crashed.' })).toBeVisible();
  await expect(page.getByText('Injected render failure')).toBeVisible();
  const tryAgain = page.getByRole('button', { name: 'Try again' });
  await tryAgain.click();
  // The module still throws, so re-rendering lands on the same fallback, not a blank page.
  await expect(page.getByRole('heading', { name: 'This page crashed.' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});

// A page module is loaded on render, not preloaded, when the router matches a path the preload
// does not: a trailing .html, which Docusaurus strips when matching routes. If that load fails,
// the theme shows the error with a Retry button instead of a blank page.
// The page lists that module's chunk for its loader too (framework/replacements/route-scripts/routeScripts.build.ts): the
// loader's copy fails first and must not leave the bundler's runtime waiting on it.
test('a page that fails to load shows the error and a Retry button that loads it', async ({ page }) => {
  let blocking = true;
  let blocked = 0;
  await page.route('**/assets/js/*.js', async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    if (blocking && isTargetContent(body)) {
      blocked++;
      await route.abort('failed');
      return;
    }
    await route.fulfill({ response, body });
  });
  await page.goto(`${target.href}.html`);
  const retry = page.getByRole('button', { name: 'Retry' });
  await expect(retry).toBeVisible();
  await expect(page.getByText(/ChunkLoadError: Loading chunk \S+ failed/)).toBeVisible();
  // The loader's preload and script, then the runtime's own request.
  expect(blocked).toBeGreaterThanOrEqual(2);
  blocking = false;
  await retry.click();
  await expect(page.locator('article h1')).toHaveText(/6\.5/);
  await expect(retry).toHaveCount(0);
});

// Code colours come from a stylesheet with both modes (shared/code-highlight/themeCss.ts). With the
// stock inline styles, a dark-mode reader saw light code blocks until the page hydrated.
test('a dark-mode reader sees dark code colours before the page hydrates', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('theme', 'dark'));
  // main.js never arrives: what is on screen is the server's HTML and the stylesheet.
  await page.route('**/assets/js/main.*.js', () => undefined);
  await page.goto(target.href, { waitUntil: 'commit' });
  const block = page
    .locator('.theme-code-block')
    .filter({ has: page.locator('.language-sql') })
    .first();
  await expect(block).toBeVisible();
  expect(await page.locator('html').getAttribute('data-has-hydrated')).toBe('false');
  const expected = await page.evaluate(
    ([keyword, background]) => {
      const probe = document.createElement('span');
      document.body.append(probe);
      probe.style.color = keyword!;
      const colour = getComputedStyle(probe).color;
      probe.style.color = background!;
      const backgroundColour = getComputedStyle(probe).color;
      probe.remove();
      return { colour, backgroundColour };
    },
    [themeDictionary(darkCodeTheme, 'sql').keyword!.color, darkCodeTheme.plain.backgroundColor],
  );
  await expect(block.locator('.token.keyword').first()).toHaveCSS('color', expected.colour);
  await expect(block).toHaveCSS('background-color', expected.backgroundColour);
});

// Code blocks are highlighted at build time (plugins/code-tokenizer): pages must show the theme's
// token colours in both colour modes, on a first load and after a client-side navigation, in an
// additional language, and no script a reader downloads may contain Prism (or the parser of the
// blocks' metadata).
test('code blocks are highlighted without Prism in the browser, in both colour modes and after navigation', async ({
  page,
  request,
}) => {
  const scripts = new Set<string>();
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.add(r.url());
  });
  const keyword = page.locator('.language-sql code .token.keyword').first();
  const colourOf = (theme: PrismTheme) => {
    const { color } = themeDictionary(theme, 'sql').keyword!;
    return page.evaluate((c) => {
      const probe = document.createElement('span');
      probe.style.color = c!;
      document.body.append(probe);
      const rgb = getComputedStyle(probe).color;
      probe.remove();
      return rgb;
    }, color);
  };

  await page.goto(target.href);
  await expect(keyword).toBeVisible();
  await expect(keyword).toHaveCSS('color', await colourOf(lightCodeTheme));

  await page.goto('/');
  await sidebarLink(page, target.name).click();
  await expect(page).toHaveURL(new RegExp(`${target.href}$`));
  await expect(keyword).toBeVisible();
  await page.getByRole('button', { name: /Switch between dark and light mode/ }).click();
  await expect(keyword).toHaveCSS('color', await colourOf(darkCodeTheme));
  // A first load in dark mode: the server rendered the light colours, the browser corrects them.
  await page.reload();
  await expect(keyword).toHaveCSS('color', await colourOf(darkCodeTheme));

  // Prism's core (prism-react-renderer's build included) runs the `before-tokenize` hook;
  // `spock-block` is a token of the Groovy grammar, one of our additional languages.
  expect(scripts.size).toBeGreaterThan(2);
  for (const url of scripts) {
    const body = await (await request.get(url)).text();
    expect(body.includes('before-tokenize'), `${url} holds Prism's core`).toBe(false);
    expect(body.includes('spock-block'), `${url} holds the Groovy grammar`).toBe(false);
    // The blocks' metadata comes from the build too: no page loads the parser of titles, line
    // ranges and magic comments (shared/code-highlight/blockMetadata.ts, the theme's own alike).
    expect(body.includes('no magic comment config is available'), `${url} holds the metadata parser`).toBe(false);
  }
});
