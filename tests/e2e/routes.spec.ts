import { test, expect, signIn } from './fixtures';
import { routes, sections } from './routes';

// Every documentation route renders its title as the page's only h1 (signed in, so the
// /guides gate does not hide the article). One test per section keeps one browser page per
// section instead of a fresh context per route; soft assertions still name every failing route.
test.describe('route inventory', () => {
  test.beforeEach(async ({ context }) => signIn(context));

  for (const [section, list] of Object.entries(sections)) {
    test(`${section}: ${list.length} routes render their h1`, async ({ page }) => {
      test.setTimeout(20_000 + list.length * 4_000);
      for (const route of list) {
        const response = await page.goto(route);
        expect.soft(response?.status(), `${route} is served with 200`).toBe(200);
        const h1 = page.locator('article h1');
        await expect.soft(h1, `${route} has one h1`).toHaveCount(1);
        await expect.soft(h1, `${route} shows its h1`).toBeVisible();
        await expect.soft(page, `${route} has the site title suffix`).toHaveTitle(/\| Veriq Documentation$/);
      }
    });
  }

  test('the inventory has no duplicates', () => {
    expect(new Set(routes).size).toBe(routes.length);
  });
});
