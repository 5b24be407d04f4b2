import { test, expect, signIn } from './fixtures';
import { routes } from './routes';

// Every documentation route renders its title as the page's only h1 (signed in, so the
// /guides gate does not hide the article).
test.describe('route inventory', () => {
  test.beforeEach(async ({ context }) => signIn(context));

  for (const route of routes) {
    test(`${route} renders its h1`, async ({ page }) => {
      const response = await page.goto(route);
      expect(response?.status(), 'served with 200').toBe(200);
      const h1 = page.locator('article h1');
      await expect(h1).toHaveCount(1);
      await expect(h1).toBeVisible();
      await expect(h1).not.toHaveText('');
      await expect(page).toHaveTitle(/\| Veriq Documentation$/);
    });
  }

  test('the inventory has no duplicates', () => {
    expect(new Set(routes).size).toBe(routes.length);
  });
});
