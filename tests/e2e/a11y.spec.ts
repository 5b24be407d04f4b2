import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect, signIn, accessModal, hydrated } from './fixtures';

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 3)
          .join(', ')})`,
    );
}

const pageTypes = [
  { name: 'home', path: '/' },
  { name: 'install page', path: '/install-options' },
  { name: 'guide page', path: '/guides/concept' },
  { name: 'release notes', path: '/releases/2025-03' },
  { name: 'restricted page', path: '/restricted/architecture-deployment-patterns' },
  { name: 'not-found page', path: '/no-such-page' },
];

for (const theme of ['light', 'dark'] as const) {
  test.describe(`axe in ${theme} mode`, () => {
    test.beforeEach(async ({ context }) => {
      await signIn(context);
      await context.addInitScript((t) => window.localStorage.setItem('theme', t), theme);
    });
    for (const { name, path } of pageTypes) {
      test(`${name} has no serious or critical violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
        await hydrated(page);
        // Diagrams load when scrolled near (src/theme/Mermaid); bring each in so axe checks it,
        // and wait for it to be drawn before the next: scrolled past at once, one could leave the
        // viewport before its observer ran, and Mermaid takes seconds on a busy 2-core machine.
        const diagrams = page.locator('[data-diagram]');
        for (const diagram of await diagrams.all()) {
          await diagram.scrollIntoViewIfNeeded();
          await expect(diagram.locator('.docusaurus-mermaid-container svg')).toBeVisible({ timeout: 20_000 });
        }
        await expect(page.locator('.docusaurus-mermaid-container svg')).toHaveCount(await diagrams.count());
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  });
}

test('the access modal has no serious or critical violations', async ({ page }) => {
  await page.goto('/guides/concept');
  await expect(accessModal(page)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the sign-in error page has no serious or critical violations', async ({ page }) => {
  await page.goto('/login/callback#error=access_denied&error_description=Denied');
  await expect(page.getByRole('alert')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
