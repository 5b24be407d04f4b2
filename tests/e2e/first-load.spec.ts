import { test, expect } from './fixtures';

// plugins/first-load drops each doc's description from the docs version metadata, a chunk every
// doc page loads. Checked on the built site, so a Docusaurus upgrade that renames or reshapes
// that file fails here instead of silently shipping the descriptions again.
test('the docs version metadata a doc page loads carries no doc descriptions', async ({ page }) => {
  const bodies: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.text().catch(() => ''));
  });
  await page.goto('/releases/2025-03');
  await page.waitForLoadState('networkidle');
  const metadata = (await Promise.all(bodies)).filter((body) => body.includes('"docsSidebars"'));
  expect(metadata, 'exactly one script holds the version metadata').toHaveLength(1);
  // The chunk still lists the docs (only their descriptions go), with a title for each.
  expect(metadata[0]).toContain('"id":"releases/2025-03"');
  expect(metadata[0]).toMatch(/"docs":\{/);
  expect(metadata[0]!.includes('"description"'), 'the chunk has a "description" key').toBe(false);
});
