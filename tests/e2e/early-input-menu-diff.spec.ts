// Differential: the stand-in menu (src/early-input/standins.ts) is built from the server HTML to
// look and read as the theme's Navbar/MobileSidebar. On the same page, its tree must equal the
// theme's own, so a Docusaurus upgrade that changes the theme's menu fails here, not silently.
// Why: maintainers/decisions/2026-11-27-early-input-standins.md
import { holdApp } from './support/holdApp';
import { test, expect } from './fixtures';

/**
 * The menu's tree: tags, theme classes (CSS-module classes carry a build hash and are left out),
 * the attributes a reader or screen reader meets, and text. The logo's second image is left out
 * too: the server HTML carries both modes' logos, the hydrated theme only the current one.
 */
const TREE = (selector: string) => {
  const keep = ['href', 'role', 'aria-label', 'aria-expanded', 'aria-current', 'type', 'target', 'rel', 'tabindex'];
  const walk = (node: Node): unknown => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent!.trim() || null;
    if (!(node instanceof Element) || node.tagName === 'svg' || node.tagName === 'IMG') return null;
    const attrs: Record<string, string> = {};
    for (const name of keep) if (node.hasAttribute(name)) attrs[name] = node.getAttribute(name)!;
    const classes = Array.from(node.classList)
      .filter((c) => !/_[A-Za-z0-9-]{4}$/.test(c))
      .sort()
      .join(' ');
    return [
      node.tagName.toLowerCase(),
      classes,
      attrs,
      Array.from(node.childNodes)
        .map(walk)
        .filter((c) => c !== null),
    ];
  };
  return walk(document.querySelector(selector)!);
};

for (const path of ['/install-options', '/releases/2025-03', '/']) {
  test(`the stand-in menu on ${path} is the theme's menu`, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const release = await holdApp(page);
    await page.goto(path, { waitUntil: 'commit' });
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    await expect(page.locator('dialog[data-early-standin="menu"] .navbar-sidebar')).toBeVisible();
    const standin = await page.evaluate(TREE, 'dialog[data-early-standin="menu"] .navbar-sidebar');
    release();
    await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true', { timeout: 30_000 });
    await expect(page.locator('[data-early-standin]')).toHaveCount(0);
    const theme = await page.evaluate(TREE, '#__docusaurus .navbar-sidebar');
    expect(standin).toEqual(theme);
  });
}
