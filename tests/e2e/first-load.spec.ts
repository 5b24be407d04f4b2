import { test, expect, hydrated } from './fixtures';

// plugins/first-load drops each doc's description from the docs version metadata, a chunk every
// doc page loads. Checked on the built site, so a Docusaurus upgrade that renames or reshapes
// that file fails here instead of silently shipping the descriptions again.
test('the docs version metadata a doc page loads carries no doc descriptions', async ({ page }) => {
  const bodies: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.text().catch(() => ''));
  });
  await page.goto('/releases/2025-03');
  // The bundle loads after the first paint (config/ssrTemplate.ts), possibly after the load event:
  // once hydrated, the route's chunks have all been fetched.
  await hydrated(page);
  await page.waitForLoadState('networkidle');
  const metadata = (await Promise.all(bodies)).filter((body) => body.includes('"docsSidebars"'));
  expect(metadata, 'exactly one script holds the version metadata').toHaveLength(1);
  // The chunk still lists the docs (only their descriptions go), with a title for each.
  expect(metadata[0]).toContain('"id":"releases/2025-03"');
  expect(metadata[0]).toMatch(/"docs":\{/);
  expect(metadata[0]!.includes('"description"'), 'the chunk has a "description" key').toBe(false);
});

// config/ssrTemplate.ts: the bundle runs only after the browser has painted the server HTML.
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
  expect(paint!).toBeLessThan(bundle);
  // The bundle still hydrates the page it waited for.
  await page.waitForFunction(() => 'docusaurusRoot' in window);
});
