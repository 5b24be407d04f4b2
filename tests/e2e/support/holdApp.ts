// Holds a page's app scripts back, so that what the reader meets is the server HTML and the
// early-input stand-ins (src/early-input/standins.ts) until the test releases them.
import type { Page } from '@playwright/test';

/** Holds every app script until `release()`: until then the page cannot hydrate. */
export async function holdApp(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/js\/.+\.js$/, async (route) => {
    await released;
    await route.continue().catch(() => undefined);
  });
  return release;
}
