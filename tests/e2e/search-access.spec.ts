import type { Request } from '@playwright/test';
import { test, expect, signIn, accessModal } from './fixtures';
import { baseUrl } from './support/variants';
import { box, dialog, FIRST_SEARCH, GUIDES_ASSET, hits, openWithButton, ready } from './support/search';

// Guide hits: signed-out readers see them by title, section and category with a lock,
// never their text; signed-in readers search the guides index with its snippets.
test.describe('search and the guides gate (embedded backend)', () => {
  // Each test opens an index in a fresh page (see FIRST_SEARCH), then searches again.
  test.describe.configure({ timeout: 60_000 });
  test('a logged-out reader sees a lock on /guides hits and gets the access modal instead of the page', async ({
    page,
  }) => {
    await ready(page, '/releases/2025-03');
    await openWithButton(page);
    await box(page).fill('key concepts');
    const guide = hits(page).and(page.locator('[href^="/guides/"]')).first();
    await expect(guide).toBeVisible(FIRST_SEARCH);
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
    await expect(guide).toBeVisible(FIRST_SEARCH);
    await expect(guide.getByRole('img', { name: 'Sign-in required' })).toHaveCount(0);
    const href = await guide.getAttribute('href');
    await guide.click();
    await expect(page).toHaveURL(`${baseUrl('main')}${href}`);
    await expect(accessModal(page)).toHaveCount(0);
  });

  test('a signed-out reader never fetches guide text: guide hits come without a snippet', async ({ page }) => {
    const fetched: string[] = [];
    page.on('request', (request: Request) => fetched.push(new URL(request.url()).pathname));
    await ready(page, '/releases/2025-03');
    await openWithButton(page);
    await box(page).fill('key concepts');
    const guide = hits(page).and(page.locator('[href^="/guides/concept"]')).first();
    await expect(guide).toBeVisible(FIRST_SEARCH);
    await expect(guide.locator('.ais-Snippet')).toHaveText('');
    expect(fetched.filter((p) => GUIDES_ASSET.test(p))).toEqual([]);
  });

  /** A word only the guides' text has (not their titles, sections or categories, nor any public page). */
  const GUIDE_TEXT_WORD = 'cloudera';

  test("a signed-out reader's search does not know words of the guides' text", async ({ page }) => {
    await ready(page, '/releases/2025-03');
    await openWithButton(page);
    await box(page).fill(GUIDE_TEXT_WORD);
    await expect(dialog(page).getByText(`No results for “${GUIDE_TEXT_WORD}”`)).toBeVisible(FIRST_SEARCH);
  });

  test('a signed-in reader searches the guides index and sees guide snippets', async ({ page, context }) => {
    const fetched: string[] = [];
    page.on('request', (request: Request) => fetched.push(new URL(request.url()).pathname));
    await signIn(context);
    await ready(page, '/releases/2025-03');
    await openWithButton(page);
    await box(page).fill('key concepts');
    const guide = hits(page).and(page.locator('[href^="/guides/concept"]')).first();
    await expect(guide.locator('.ais-Snippet mark').first()).toBeVisible(FIRST_SEARCH);
    expect(fetched.some((p) => /^\/assets\/guides\/search-index\.[0-9a-f]{10}\.json$/.test(p))).toBe(true);
    expect(fetched.some((p) => /^\/assets\/guides\/search\/guides-concept\./.test(p))).toBe(true);
    await box(page).fill(GUIDE_TEXT_WORD);
    await expect(hits(page).and(page.locator('[href^="/guides/"]')).first()).toBeVisible();
  });
});
