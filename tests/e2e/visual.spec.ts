// What a reader sees: every page type and the states a reader opens, in light and dark mode, on
// a desktop (1,280 px) and a phone (412 px), compared with the baselines in visual.spec.ts-snapshots/.
// Runs in the `visual` project only (playwright.config.ts: its fonts, its tolerance). To review
// a failure, open the diff image under test-results/; to accept a change a reader should see,
// run `npm run test:visual -- --update-snapshots` and commit the new PNGs (maintainers/testing.md).
import { existsSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { test, expect, signIn, accessModal, hydrated } from './fixtures';
import { box, dialog, hits, indexChunk, openWithButton, FIRST_SEARCH } from './support/search';
import { refuseClipboard } from './support/refuseClipboard';
import { baseUrl } from './support/variants';

// The only fonts the project's Chromium sees (visual/fonts.conf); without them every shot differs.
test.beforeAll(() => {
  for (const file of ['noto/NotoSans-Regular.ttf', 'dejavu/DejaVuSansMono.ttf']) {
    if (!existsSync(`/usr/share/fonts/truetype/${file}`)) {
      throw new Error(
        `/usr/share/fonts/truetype/${file} is missing: apt-get install fonts-noto-core fonts-dejavu-core`,
      );
    }
  }
});

const SIZES = { desktop: { width: 1280, height: 800 }, phone: { width: 412, height: 860 } } as const;
const MODES = ['light', 'dark'] as const;
type Size = keyof typeof SIZES;
type Mode = (typeof MODES)[number];

/**
 * What changes without the page changing: the last-updated date (from git, so any commit that
 * touches the page moves it) and the copyright year. They are covered, not compared.
 */
const unstable = (page: Page): Locator[] => [page.locator('.theme-last-updated'), page.locator('.footer__copyright')];

/** Opens `path` in `mode` at `size`, hydrated, with every web font loaded. */
async function open(page: Page, path: string, mode: Mode, size: Size, site = baseUrl('main')): Promise<void> {
  await page.setViewportSize(SIZES[size]);
  await page.addInitScript((m) => window.localStorage.setItem('theme', m), mode);
  await page.goto(site + path);
  await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
  await hydrated(page);
}

/** As open(), with the app's scripts held back: what shows is the server HTML and the stand-ins. */
async function openHeld(page: Page, path: string, mode: Mode, size: Size): Promise<void> {
  await page.setViewportSize(SIZES[size]);
  await page.addInitScript((m) => window.localStorage.setItem('theme', m), mode);
  await page.route(/\/assets\/js\/.+\.js$/, () => undefined);
  await page.goto(baseUrl('main') + path, { waitUntil: 'commit' });
  await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
  await page.waitForFunction(() =>
    performance.getEntriesByType('resource').some((r) => r.name.includes('/assets/early-input/')),
  );
}

async function look(page: Page, name: string, target?: Locator): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  const options = { mask: unstable(page) };
  if (target) await expect(target).toHaveScreenshot(`${name}.png`, options);
  else await expect(page).toHaveScreenshot(`${name}.png`, options);
}

interface PageType {
  name: string;
  path: string;
  signedIn?: boolean;
  /** What must show before the page is as a reader sees it. */
  ready?: (page: Page) => Promise<void>;
}

const PAGE_TYPES: PageType[] = [
  { name: 'home', path: '/' },
  { name: 'install-page', path: '/helm-online-install' },
  { name: 'connection-guide', path: '/guides/connections/postgresql', signedIn: true },
  { name: 'data-testing-guide', path: '/guides/data-testing/rule', signedIn: true },
  { name: 'release-page', path: '/releases/2025-03' },
  {
    name: 'guide-signed-out',
    path: '/guides/concept',
    ready: (page) => expect(accessModal(page)).toBeVisible(),
  },
  { name: 'not-found', path: '/no-such-page' },
  {
    name: 'callback-error',
    path: '/login/callback#error=access_denied&error_description=The%20user%20cancelled%20the%20sign-in',
    ready: (page) => expect(page.getByRole('alert')).toBeVisible(),
  },
];

for (const size of Object.keys(SIZES) as Size[]) {
  for (const mode of MODES) {
    const at = `${size}-${mode}`;
    test.describe(`${size}, ${mode}`, () => {
      for (const type of PAGE_TYPES) {
        test(`page: ${type.name}`, async ({ page, context }) => {
          if (type.signedIn) await signIn(context);
          if (type.name === 'callback-error') {
            // The callback page has no navbar to wait for: it is done when it shows the error.
            await page.setViewportSize(SIZES[size]);
            await page.addInitScript((m) => window.localStorage.setItem('theme', m), mode);
            await page.goto(type.path);
          } else {
            await open(page, type.path, mode, size);
          }
          await type.ready?.(page);
          await look(page, `${type.name}-${at}`);
        });
      }

      test('search: results with long titles and snippets', async ({ page }) => {
        await open(page, '/', mode, size);
        await openWithButton(page);
        await box(page).fill('helm release stuck pending upgrade');
        await expect(hits(page).first()).toBeVisible(FIRST_SEARCH);
        await look(page, `search-results-${at}`);
      });

      test('search: no results', async ({ page }) => {
        await open(page, '/', mode, size);
        await openWithButton(page);
        await box(page).fill('qqxyzzy');
        await expect(dialog(page).getByText(/No results for/)).toBeVisible(FIRST_SEARCH);
        await look(page, `search-none-${at}`);
      });

      test('search: loading', async ({ page }) => {
        // The index is held back, so the modal stays in its loading state while it is looked at.
        let release = () => {};
        const held = new Promise<void>((resolve) => (release = resolve));
        await page.route(indexChunk(), async (route) => {
          await held;
          await route.continue().catch(() => {});
        });
        await open(page, '/', mode, size);
        await openWithButton(page);
        await box(page).fill('snowflake');
        await expect(
          dialog(page)
            .getByRole('status')
            .filter({ hasText: /Loading|Searching/ }),
        ).toBeVisible();
        await look(page, `search-loading-${at}`);
        release();
      });

      test('page actions: the assistant menu open, then Copy page tapped', async ({ page, context }) => {
        await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl('main') });
        // Time is the page's own until the tap; then it stops, so "Copied" (4 s) stays while looked at.
        await page.clock.install();
        await open(page, '/install-options', mode, size);
        await page.getByText('Use with your AI assistant').click();
        await expect(page.getByRole('button', { name: 'Copy MCP server URL' })).toBeVisible();
        await look(page, `page-actions-menu-${at}`);
        await page.getByText('Use with your AI assistant').click();
        await page.getByRole('button', { name: 'Copy page' }).click();
        await expect(page.getByRole('button', { name: 'Copied', exact: true })).toBeVisible();
        await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
        await look(page, `page-after-copy-${at}`);
      });

      test('feedback form', async ({ page }) => {
        await open(page, '/install-options', mode, size, baseUrl('skipauth'));
        await page.mouse.wheel(0, 100000);
        const question = page.getByRole('region', { name: 'Was this page helpful?' });
        await expect(question).toBeVisible();
        await question.getByRole('button', { name: 'No' }).click();
        await expect(page.getByRole('group', { name: /What went wrong\?/ })).toBeVisible();
        await look(page, `feedback-form-${at}`, page.getByRole('region', { name: 'Page feedback' }));
      });

      test('code block with its copy button', async ({ page }) => {
        await open(page, '/helm-online-install', mode, size);
        const block = page.locator('article .theme-code-block').first();
        await block.scrollIntoViewIfNeeded();
        await block.hover();
        await expect(block.getByRole('button', { name: /Copy code/i })).toBeVisible();
        await look(page, `code-block-${at}`, block);
      });

      test('wide table, scrolled', async ({ page }) => {
        await open(page, '/helm-gitops', mode, size);
        // The first table wider than the column (a table scrolls itself: focusable-tables).
        const index = await page
          .locator('article table')
          .evaluateAll((tables) => tables.findIndex((t) => t.scrollWidth > t.clientWidth + 40));
        expect(index).toBeGreaterThanOrEqual(0);
        const scroller = page.locator('article table').nth(index);
        // Diagrams above draw when near the screen and change the page's height: let each finish
        // first, or the table moves after it was placed (a load-dependent race).
        for (const diagram of await page.locator('article [data-diagram]').all()) {
          await diagram.scrollIntoViewIfNeeded();
          await expect(diagram.locator('.docusaurus-mermaid-container svg')).toBeVisible({ timeout: 20_000 });
        }
        // The table is taller than the screen: what the reader sees is its top, scrolled across.
        // Scroll until the table stays put.
        await scroller.evaluate(async (el) => {
          const frame = () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
          let top = NaN;
          for (let i = 0; i < 20 && top !== el.getBoundingClientRect().top; i++) {
            el.scrollIntoView({ block: 'start', behavior: 'instant' });
            top = el.getBoundingClientRect().top;
            await frame();
          }
          el.scrollTo({ left: el.scrollWidth, behavior: 'instant' });
        });
        // The navbar hides or shows by the direction of the last scroll, which the loop leaves open.
        await page.addStyleTag({ content: 'nav.navbar { visibility: hidden !important; }' });
        await look(page, `wide-table-scrolled-${at}`);
      });

      test('Mermaid diagram', async ({ page }) => {
        await open(page, '/existing-cluster-architecture', mode, size);
        const diagram = page.locator('[data-diagram]').first();
        await diagram.scrollIntoViewIfNeeded();
        await expect(diagram.locator('.docusaurus-mermaid-container svg')).toBeVisible({ timeout: 20_000 });
        await look(page, `mermaid-${at}`, diagram);
      });

      // The early-input stand-ins (src/early-input/standins.ts), which answer before hydration,
      // beside the app's own controls above: the same page and state, the app's scripts held back.
      test('stand-ins: search box with typing, access modal', async ({ page }) => {
        await openHeld(page, '/helm-online-install', mode, size);
        await page.keyboard.press('/');
        await page.keyboard.type('snowflake');
        await look(page, `standin-search-${at}`);
        await page.keyboard.press('Escape');
        // On a phone the navbar's links are in the menu.
        if (size === 'phone') {
          await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
          await page.getByRole('button', { name: 'Back to main menu' }).click();
          // The panels slide (a transition of the theme's): the shot waits for the end of it.
          await page.waitForTimeout(500);
        }
        const links =
          size === 'phone'
            ? page.locator('dialog[data-early-standin="menu"]')
            : page.getByRole('navigation', { name: 'Main' });
        await links.getByRole('link', { name: 'Guides' }).click();
        await expect(page.locator('dialog[data-early-standin="access"]')).toBeVisible();
        await look(page, `standin-access-${at}`);
      });

      test('stand-in: the Copy page confirmation', async ({ page, context }) => {
        await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl('main') });
        await openHeld(page, '/install-options', mode, size);
        // Time stops at the tap, so that the confirmation stays (4 s) while looked at.
        await page.clock.install();
        await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 100);
        await page.getByRole('button', { name: 'Copy page' }).click();
        // The confirmation is the button's label, as the app's; the spoken one is out of sight.
        await expect(
          page.getByRole('group', { name: 'Page actions' }).getByRole('button', { name: 'Copied' }),
        ).toBeVisible();
        await look(page, `standin-copied-${at}`);
      });

      test('stand-in: Copy page refused by the browser', async ({ page }) => {
        await refuseClipboard(page);
        await openHeld(page, '/install-options', mode, size);
        await page.getByRole('button', { name: 'Copy page' }).click();
        await expect(page.getByRole('status').filter({ hasText: 'did not allow copying' })).toBeVisible();
        await look(page, `standin-copy-refused-${at}`);
      });

      if (size === 'phone') {
        test('stand-in mobile menu: secondary and main panels', async ({ page }) => {
          await openHeld(page, '/helm-online-install', mode, size);
          await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
          const back = page.getByRole('button', { name: 'Back to main menu' });
          await expect(back).toBeVisible();
          await look(page, `standin-menu-secondary-${at}`);
          await back.click();
          await expect(page.locator('.navbar-sidebar__items--show-secondary')).toHaveCount(0);
          await look(page, `standin-menu-main-${at}`);
        });

        test('mobile menu: secondary and main panels', async ({ page }) => {
          await open(page, '/helm-online-install', mode, size);
          await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
          const back = page.getByRole('button', { name: 'Back to main menu' });
          await expect(back).toBeVisible();
          await look(page, `mobile-menu-secondary-${at}`);
          await back.click();
          await expect(page.locator('.navbar-sidebar__items--show-secondary')).toHaveCount(0);
          await look(page, `mobile-menu-main-${at}`);
        });
      }
    });
  }
}
