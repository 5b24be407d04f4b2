import AxeBuilder from '@axe-core/playwright';
import type { Page, Request, Route } from '@playwright/test';
import { test, expect, signIn, accessModal } from './fixtures';
import { baseUrl, TYPESENSE_TEST_HOST, TYPESENSE_TEST_KEY } from './support/variants';

// The embedded backend (main variant) searches the real records of the build; these pages exist
// in every build of the site: /backup-recovery (install sidebar) and /guides/concept (gated).
const INDEX_CHUNK = /\/assets\/js\/search-index\.[0-9a-f]+\.js$/;
/** Per-page section texts, fetched for the snippets of the hits shown. */
const CONTENT_FILE = /\/assets\/search\/[\w-]+\.[0-9a-f]{10}\.json$/;

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const searchButton = (page: Page) => nav(page).getByRole('button', { name: 'Search', exact: true });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Search' });
const box = (page: Page) => dialog(page).getByRole('searchbox', { name: 'Search the documentation' });
const hits = (page: Page) => dialog(page).locator('a[data-search-hit]');

async function openWithButton(page: Page) {
  await searchButton(page).click();
  await expect(box(page)).toBeFocused();
}

/** Waits for hydration, so the shortcuts' listener is in place. */
async function ready(page: Page, path = '/') {
  await page.goto(path);
  const signedInOrOut = nav(page).getByRole('button', { name: /^(Login|Logout)$/ });
  const unavailable = nav(page).getByText('Login is currently unavailable.');
  await expect(signedInOrOut.and(page.locator(':enabled')).or(unavailable)).toBeVisible();
}

test.describe('search modal (embedded backend)', () => {
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
    await page.route(/\/assets\/js\/search-modal\.[0-9a-f]+\.js$/, async (route: Route) => {
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
    await box(page).pressSequentially('b');
    await expect(dialog(page).getByText('Type at least two characters to search.')).toBeVisible();
    await page.waitForTimeout(300);
    await expect(hits(page)).toHaveCount(0);
    await box(page).pressSequentially('a');
    await expect(hits(page).first()).toBeVisible();
  });

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

  test('a logged-out reader sees a lock on /guides hits and gets the access modal instead of the page', async ({
    page,
  }) => {
    await ready(page, '/releases/2025-03');
    await openWithButton(page);
    await box(page).fill('key concepts');
    const guide = hits(page).and(page.locator('[href^="/guides/"]')).first();
    await expect(guide).toBeVisible();
    await expect(guide.getByRole('img', { name: 'Sign-in required' })).toBeVisible();
    await guide.click();
    await expect(accessModal(page)).toBeVisible();
    await expect(page).toHaveURL(`${baseUrl('main')}/releases/2025-03`);
  });

  test('a logged-in reader opens a /guides hit', async ({ page, context }) => {
    await signIn(context);
    await ready(page, '/releases/2025-03');
    await openWithButton(page);
    await box(page).fill('key concepts');
    const guide = hits(page).and(page.locator('[href^="/guides/"]')).first();
    await expect(guide).toBeVisible();
    await expect(guide.getByRole('img', { name: 'Sign-in required' })).toHaveCount(0);
    const href = await guide.getAttribute('href');
    await guide.click();
    await expect(page).toHaveURL(`${baseUrl('main')}${href}`);
    await expect(accessModal(page)).toHaveCount(0);
  });

  test('the index is not fetched on page load, only on first search intent', async ({ page }) => {
    const fetched: string[] = [];
    page.on('request', (request: Request) => fetched.push(new URL(request.url()).pathname));
    await ready(page);
    await page.waitForLoadState('networkidle');
    expect(fetched.filter((p) => INDEX_CHUNK.test(p) || p.includes('/search-modal.'))).toEqual([]);
    await page.keyboard.press('/');
    await expect.poll(() => fetched.some((p) => INDEX_CHUNK.test(p))).toBe(true);
  });

  test('a slow index shows the stalled indicator, then the hits', async ({ page }) => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(INDEX_CHUNK, async (route: Route) => {
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

  test('the open modal with results has no serious accessibility violations', async ({ page }) => {
    await ready(page);
    await openWithButton(page);
    await box(page).fill('backup');
    await expect(hits(page).first()).toBeVisible();
    const results = await new AxeBuilder({ page: page as never })
      .include('dialog')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const serious = results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help}`);
    expect(serious).toEqual([]);
  });
});

// ---- Typesense backend, answered by a stand-in on https://typesense.test -----------------------

interface MultiSearchBody {
  searches: Record<string, unknown>[];
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
};

function typesenseHit(
  doc: { id: string; title: string; section: string; category: string; content: string; url: string },
  pre: string,
  post: string,
) {
  const mark = (s: string) => s.replace(/backup/gi, (m) => `${pre}${m}${post}`);
  const fields = ['title', 'section', 'category', 'url'] as const;
  return {
    document: doc,
    highlight: {
      ...Object.fromEntries(fields.map((f) => [f, { snippet: mark(doc[f]), matched_tokens: ['backup'] }])),
      content: { snippet: mark(doc.content), matched_tokens: ['backup'] },
    },
    highlights: [],
    text_match: 578730123365187700,
  };
}

test.describe('search modal (Typesense backend, noauth build)', () => {
  const site = baseUrl('noauth');

  test('sends the spec request and renders a Typesense-shaped answer', async ({ page }) => {
    const calls: { url: URL; headers: Record<string, string>; body: MultiSearchBody }[] = [];
    await page.route(`https://${TYPESENSE_TEST_HOST}/**`, async (route) => {
      const request = route.request();
      if (request.method() === 'OPTIONS') return route.fulfill({ status: 204, headers: CORS });
      const body = JSON.parse(request.postData() ?? '{}') as MultiSearchBody;
      calls.push({ url: new URL(request.url()), headers: request.headers(), body });
      const search = body.searches[0] ?? {};
      const pre = String(search.highlight_start_tag ?? '<mark>');
      const post = String(search.highlight_end_tag ?? '</mark>');
      return route.fulfill({
        status: 200,
        headers: { ...CORS, 'content-type': 'application/json' },
        body: JSON.stringify({
          results: [
            {
              facet_counts: [],
              found: 2,
              out_of: 2060,
              page: 1,
              request_params: { collection_name: 'docs', per_page: 20, q: search.q },
              search_time_ms: 1,
              hits: [
                typesenseHit(
                  {
                    id: '/backup-recovery',
                    title: 'Backup and recovery',
                    section: '',
                    category: 'Installation',
                    content: 'How to backup Veriq.',
                    url: '/backup-recovery',
                  },
                  pre,
                  post,
                ),
                typesenseHit(
                  {
                    id: '/backup-recovery#snapshots',
                    title: 'Backup and recovery',
                    section: 'Snapshots',
                    category: 'Installation',
                    content: 'Take a backup snapshot.',
                    url: '/backup-recovery#snapshots',
                  },
                  pre,
                  post,
                ),
              ],
            },
          ],
        }),
      });
    });

    await ready(page, `${site}/`);
    await searchButton(page).click();
    await box(page).fill('backup');
    await expect(hits(page)).toHaveCount(2);
    await expect(hits(page).first()).toHaveAttribute('href', '/backup-recovery');
    await expect(hits(page).nth(1)).toHaveAttribute('href', '/backup-recovery#snapshots');
    await expect(dialog(page).locator('mark', { hasText: 'Backup' }).first()).toBeVisible();

    const last = calls.at(-1)!;
    expect(last.url.pathname).toBe('/multi_search');
    const key = last.headers['x-typesense-api-key'] ?? last.url.searchParams.get('x-typesense-api-key');
    expect(key).toBe(TYPESENSE_TEST_KEY);
    expect(last.body.searches).toHaveLength(1);
    expect(last.body.searches[0]).toMatchObject({
      collection: 'docs',
      q: 'backup',
      query_by: 'title,section,category,content,url',
      page: 1,
      per_page: 20,
    });
    // Short queries never reach the service.
    expect(calls.every((c) => String(c.body.searches[0]?.q ?? '').trim().length > 1)).toBe(true);
  });

  test('a server error shows the error state with its code and message', async ({ page }) => {
    await page.route(`https://${TYPESENSE_TEST_HOST}/**`, (route) =>
      route.request().method() === 'OPTIONS'
        ? route.fulfill({ status: 204, headers: CORS })
        : route.fulfill({
            status: 500,
            headers: { ...CORS, 'content-type': 'application/json' },
            body: JSON.stringify({ message: 'stand-in is down' }),
          }),
    );
    await ready(page, `${site}/`);
    await searchButton(page).click();
    await box(page).fill('backup');
    const alert = dialog(page).getByRole('alert');
    await expect(alert).toContainText('Search failed');
    await expect(alert).toContainText('500');
    await expect(alert).toContainText('stand-in is down');
    await expect(hits(page)).toHaveCount(0);
  });
});
