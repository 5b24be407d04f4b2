import type { Page } from '@playwright/test';
import { COMPILE_HINT } from '../../framework/replacements/compile-hints/compileHints.build';
import { test, expect, hydrated } from './fixtures';

/**
 * The bodies of the scripts a page loads: it opens `path` and waits until it has hydrated (the
 * bundle loads after the first paint, framework/replacements/ssr-template/ssrTemplate.build.ts, possibly after the load event) and
 * the network is idle, by when the route's chunks have all been fetched.
 */
async function scriptsOf(page: Page, path: string): Promise<string[]> {
  const bodies: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.text().catch(() => ''));
  });
  await page.goto(path);
  // The scripts a page loads are the bundle's, added after the first paint: all in once hydrated.
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  return Promise.all(bodies);
}

// framework empties the per-doc entries of the docs version metadata, a chunk every doc
// page loads, and moves each sidebar into a chunk of its own, loaded with the routes of its docs.
// Checked on the built site, so a Docusaurus upgrade that renames or reshapes that file fails
// here instead of silently shipping every doc's title and description, or every sidebar, again.
test('a doc page loads the version metadata without doc entries, and its own sidebar only', async ({ page }) => {
  const scripts = await scriptsOf(page, '/releases/2025-03');
  // The metadata is a module of its own (JavaScript: its sidebars are an object of main.js).
  const metadata = scripts.filter((body) => /\bdocsSidebars:/.test(body));
  expect(metadata, 'exactly one script holds the version metadata').toHaveLength(1);
  expect(metadata[0]).toMatch(/\bdocsSidebars:\{\},docs:\{\}/);
  expect(metadata[0].includes('description'), 'the chunk has a description').toBe(false);
  expect(metadata[0].includes('title:'), 'the chunk has a title').toBe(false);
  // The page's sidebar arrives in a chunk of its own; the other sidebars do not.
  const sidebar = /\)\.\w+\.(\w+)=\[\{type:"(?:link|category)"/;
  const sidebars = scripts.filter((body) => sidebar.test(body));
  expect(sidebars.map((body) => sidebar.exec(body)![1])).toEqual(['releases']);
  expect(sidebars[0]).toContain('href:"/releases/2025-03"');
  // The guides' sidebar (an item of it, as JSON or JavaScript) is in none of the page's scripts.
  expect(scripts.some((body) => /\bhref"?:"\/guides\/glossary"/.test(body))).toBe(false);
  await expect(
    page.getByRole('navigation', { name: 'Docs sidebar' }).getByRole('link', { name: /6\.5/ }),
  ).toBeVisible();
});

test("client-side navigations between sections show each section's sidebar", async ({ page }) => {
  const docsSidebar = page.getByRole('navigation', { name: 'Docs sidebar' });
  await page.goto('/helm-online-install');
  // About client-side navigations: before hydration a link is a full page load.
  await hydrated(page);
  await expect(docsSidebar.getByRole('link', { name: 'Introduction', exact: true })).toBeVisible();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Releases', exact: true }).click();
  await expect(page).toHaveURL(/\/releases\/2025-03$/);
  await expect(docsSidebar.getByRole('link', { name: /6\.5/ })).toBeVisible();
  await expect(docsSidebar.getByRole('link', { name: 'Introduction', exact: true })).toHaveCount(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/helm-online-install$/);
  await expect(docsSidebar.getByRole('link', { name: 'Introduction', exact: true })).toBeVisible();
});

// framework/replacements/ssr-template/ssrTemplate.build.ts: the bundle runs only after the browser has painted the server HTML.
// With `<script defer>` a fast load evaluated main.js (which defines window.docusaurus) before
// the first contentful paint, so the text in the HTML appeared only after the bundle had run.
test('the server HTML is painted before the bundle runs', async ({ page }) => {
  await page.addInitScript(() => {
    let value: unknown;
    Object.defineProperty(window, 'docusaurus', {
      configurable: true,
      get: () => value,
      set: (next) => {
        (window as unknown as { bundleRanAt: number }).bundleRanAt ??= performance.now();
        value = next;
      },
    });
  });
  await page.goto('/helm-online-install');
  await page.waitForFunction(() => 'bundleRanAt' in window);
  const { paint, bundle } = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    bundle: (window as unknown as { bundleRanAt: number }).bundleRanAt,
  }));
  expect(paint, 'the page reports a first contentful paint').toBeDefined();
  expect(paint).toBeLessThan(bundle);
  // The bundle still hydrates the page it waited for.
  await page.waitForFunction(() => 'docusaurusRoot' in window);
});

// framework/replacements/route-scripts/routeScripts.build.ts: each page lists, beside runtime and main.js, the chunks its
// hydration needs (its route's modules and its sidebar), so none waits for main.js to ask for it.
// Stock Docusaurus lists runtime and main.js alone, and the route's chunks come a round trip later.
for (const path of ['/', '/helm-online-install', '/releases/2025-03', '/guides/connections/snowflake']) {
  test(`${path} lists every script its hydration loads`, async ({ page }) => {
    await page.addInitScript(() => {
      // The scripts requested by the time the app marks the page hydrated.
      new MutationObserver((_, observer) => {
        if (document.documentElement.getAttribute('data-has-hydrated') !== 'true') return;
        observer.disconnect();
        (window as unknown as { atHydration: string[] }).atHydration = performance
          .getEntriesByType('resource')
          .map((entry) => new URL(entry.name).pathname)
          .filter((name) => name.endsWith('.js'));
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-has-hydrated'] });
    });
    await page.goto(path);
    await page.waitForFunction(() => 'atHydration' in window);
    const { listed, loaded, standins } = await page.evaluate(() => ({
      listed: JSON.parse(document.getElementById('__bundle')!.textContent!) as string[],
      loaded: (window as unknown as { atHydration: string[] }).atHydration,
      // The early-input stand-ins (plugins/early-input) have their own async tag in <head>: they
      // answer taps before hydration and are no part of it.
      standins: document.querySelector('head script[src*="/assets/early-input/"]')?.getAttribute('src'),
    }));
    expect(listed.length, 'more than runtime and main.js').toBeGreaterThan(2);
    expect(standins, 'the stand-ins load from their own tag').toMatch(
      /^\/assets\/early-input\/standins\.[0-9a-f]{8}\.js$/,
    );
    expect(loaded.filter((file) => !listed.includes(file) && file !== standins)).toEqual([]);
  });
}

// framework/replacements/compile-hints/compileHints.build.ts: the entry chunks start with V8's compile hint, so Chromium
// compiles their functions while it streams them instead of one by one during hydration. A
// minifier that strips comments, or a stage after the hash, would lose or misplace it.
test("the entry scripts, and only they, start with V8's compile hint", async ({ page, request }) => {
  await page.goto('/helm-online-install');
  const listed = await page.evaluate(() => JSON.parse(document.getElementById('__bundle')!.textContent!) as string[]);
  const hinted: string[] = [];
  for (const file of listed) {
    const body = await (await request.get(file)).text();
    if (body.startsWith(`${COMPILE_HINT}\n`)) hinted.push(file.replace(/\.[0-9a-f]{8}\.js$/, ''));
  }
  expect(hinted).toEqual(['/assets/js/runtime~main', '/assets/js/main']);
});

// framework purges the stylesheet after the build and renames it: every page links the
// purged file, which keeps what the theme renders and drops Infima components no page uses.
test('pages link the purged stylesheet', async ({ page, request }) => {
  await page.goto('/helm-online-install');
  const hrefs = await page
    .locator('link[rel=stylesheet]')
    .evaluateAll((links) => links.map((l) => l.getAttribute('href')));
  expect(hrefs).toHaveLength(1);
  const css = await (await request.get(hrefs[0]!)).text();
  for (const kept of ['.navbar__toggle', '.menu__list-item--collapsed', '.table-of-contents', '.alert--warning'])
    expect(css, kept).toContain(kept);
  for (const dropped of ['.avatar__photo', '.pills__item', '.card__footer', '.button-group--block'])
    expect(css, dropped).not.toContain(dropped);
});

// framework's loaders for core's generated files: checked in the built main.js, so a
// Docusaurus upgrade that renames those files fails here instead of silently shipping them whole.
test("main.js carries the compact route table and registry, the browser's site config and no list of docs", async ({
  page,
  request,
}) => {
  await page.goto('/helm-online-install');
  // The bundle's script elements are added after the first paint (framework/replacements/ssr-template/ssrTemplate.build.ts).
  await hydrated(page);
  const src = await page.evaluate(() =>
    Array.from(document.scripts)
      .map((s) => s.getAttribute('src') ?? '')
      .find((s) => /\/main\.[0-9a-f]+\.js$/.test(s)),
  );
  expect(src, 'the page loads main.js').toBeTruthy();
  const main = await (await request.get(src!)).text();
  // Registry entries under short names, without module paths (they would read "@site/docs/…").
  expect(main).toMatch(/\br0:\[\(\)=>/);
  expect(main).not.toContain('"@site/docs/');
  // Routes keyed by their rank in the route table, not by their path and a hash.
  expect(main).toMatch(/path:"\/helm-online-install",component:\w+\("","[0-9a-z]+"\)/);
  expect(main).toContain('{"-0":{"__comp":"r');
  expect(main).not.toMatch(/"\/helm-online-install-[0-9a-f]{3}"/);
  // The Prism themes stay in the build: code blocks get them compiled (plugins/code-tokenizer).
  expect(main).not.toContain('additionalLanguages');
  expect(main).toContain('magicComments');
  expect(main).not.toContain('ssrTemplate');
  expect(main).toContain('"Veriq Documentation"');
  // The docs plugin's global data keeps its versions and sidebar links, not a list of every doc.
  expect(main).toContain('"mainDocId":"intro"');
  expect(main).toMatch(/"docs":\[\],"draftIds"/);
  expect(main).not.toContain('"id":"helm-online-install"');
  // The head manager and the progress bar are the site's (framework/replacements/head, framework/replacements/progress-bar/progressBar.ts).
  expect(main).not.toContain('Helmet expects a string as a child');
  expect(main).not.toContain('role="spinner"');
});
