// Deploy previews (CONTEXT=deploy-preview) and SKIP_AUTH builds hydrate every page
// type cleanly, guides included: no console error (React reports a server/client mismatch,
// error 418, there, then renders the page again) and no layout shift on a phone (a re-render
// moved the footer: CLS 0.26). These tests are about what happens at hydration, so they wait for it.
import { test, expect, signIn } from './fixtures';
import { baseUrl, type VariantName } from './support/variants';

const PAGES = [
  '/',
  '/install-options',
  '/guides/concept',
  '/guides/connections/snowflake',
  '/guides/data-testing/rule-recon',
  '/releases/2025-03',
  '/restricted/architecture-deployment-patterns',
];

for (const variant of ['preview', 'skipauth'] as VariantName[]) {
  test.describe(`${variant} build`, () => {
    test.use({ viewport: { width: 412, height: 823 } });

    for (const path of PAGES) {
      test(`${path} hydrates with no error and no layout shift`, async ({ page }) => {
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
        page.on('console', (m) => {
          // Requests to Google (the tag manager) are aborted by the suite: not the page's error.
          if (m.type() === 'error' && !/ERR_BLOCKED_BY_CLIENT|ERR_FAILED/.test(m.text())) errors.push(m.text());
        });
        await page.addInitScript(() => {
          const w = window as unknown as { __cls: number; __shifts: string[] };
          w.__cls = 0;
          w.__shifts = [];
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & {
              value: number;
              hadRecentInput: boolean;
              sources?: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
            })[]) {
              if (entry.hadRecentInput) continue;
              w.__cls += entry.value;
              // What moved, for the failure message: a shift is otherwise hard to find again.
              for (const { node, previousRect: a, currentRect: b } of entry.sources ?? []) {
                const name =
                  node instanceof Element ? `${node.tagName.toLowerCase()}.${node.className}` : node?.nodeName;
                w.__shifts.push(
                  `${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms: ${name} ${a.x},${a.y} ${a.width}x${a.height} -> ${b.x},${b.y} ${b.width}x${b.height}`,
                );
              }
            }
          }).observe({ type: 'layout-shift', buffered: true });
        });
        await page.goto(`${baseUrl(variant)}${path}`);
        await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true', { timeout: 30_000 });
        // What hydration does next (the session read, the phone layout) happens in transitions.
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(500);
        expect(errors).toEqual([]);
        const { cls, shifts } = await page.evaluate(() => {
          const w = window as unknown as { __cls: number; __shifts: string[] };
          return { cls: w.__cls, shifts: w.__shifts };
        });
        expect(cls, `layout shifts:\n${shifts.join('\n')}`).toBeLessThan(0.01);
      });
    }
  });
}

// The early-input stand-ins (src/early-input/standins.ts) change only attributes inside React's
// root before hydration: the app hydrates every page type over them with no error, signed in and
// out, and takes them over, leaving none in the DOM. The app's scripts are held back until the
// stand-in menu is open and the colour mode switched in it.
for (const signedIn of [false, true]) {
  test.describe(`main build, stand-ins used before hydration, signed ${signedIn ? 'in' : 'out'}`, () => {
    test.use({ viewport: { width: 412, height: 823 } });
    if (signedIn) test.beforeEach(async ({ context }) => signIn(context));

    for (const path of PAGES) {
      test(`${path} hydrates with no error and no stand-in left`, async ({ page }) => {
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
        page.on('console', (m) => {
          if (m.type() === 'error' && !/ERR_BLOCKED_BY_CLIENT|ERR_FAILED|401/.test(m.text())) errors.push(m.text());
        });
        let release!: () => void;
        const released = new Promise<void>((resolve) => (release = resolve));
        await page.route(/\/assets\/js\/.+\.js$/, async (route) => {
          await released;
          await route.continue().catch(() => undefined);
        });
        await page.goto(`${baseUrl('main')}${path}`, { waitUntil: 'commit' });
        await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
        const menu = page.locator('dialog[data-early-standin="menu"]');
        await menu.getByRole('button', { name: /Switch between dark and light mode/ }).click();
        await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
        release();
        await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true', { timeout: 30_000 });
        await page.waitForLoadState('networkidle');
        await expect(page.locator('html')).not.toHaveAttribute('data-early-input', /.*/);
        await page.waitForTimeout(500);
        expect(errors).toEqual([]);
        await expect(page.locator('[data-early-standin]')).toHaveCount(0);
        await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
      });
    }
  });
}
