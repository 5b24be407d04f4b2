import type { Page } from '@playwright/test';
import { test, expect, hydrated } from './fixtures';

// The browser build manages the document head with framework/replacements/head/clientHelmet.tsx; the server HTML's
// head is react-helmet-async's (framework). The two must agree: hydration changes no
// head tag, and after a client-side navigation the head is what the page's own HTML holds.

/** The head as react-helmet-async leaves it: title, managed <html> attributes, managed tags. */
function headOf(page: Page) {
  return page.evaluate(() => {
    const html = document.documentElement;
    return {
      title: document.title,
      lang: html.getAttribute('lang'),
      dir: html.getAttribute('dir'),
      htmlClass: (html.getAttribute('class') ?? '').split(/\s+/).filter(Boolean).sort(),
      tags: Array.from(document.head.querySelectorAll('[data-rh]'), (element) => {
        const attributes = Array.from(element.attributes, (a) => `${a.name}=${a.value}`).sort();
        return `<${element.localName} ${attributes.join(' ')}>${element.textContent ?? ''}`;
      }).sort(),
    };
  });
}

// Lets the head manager write (it does at the next animation frame after a commit).
const frames = (page: Page) =>
  page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

test('hydration leaves the server-written head as it is', async ({ page }) => {
  await page.addInitScript(() => {
    const changes: { added: boolean; tag: string; text: string }[] = [];
    (window as unknown as { headChanges: typeof changes }).headChanges = changes;
    // From the end of parsing: the parser's own insertions are not changes.
    document.addEventListener('DOMContentLoaded', () =>
      new MutationObserver((records) => {
        for (const record of records)
          for (const [nodes, added] of [
            [record.addedNodes, true],
            [record.removedNodes, false],
          ] as const)
            for (const node of Array.from(nodes))
              if (node instanceof Element && node.hasAttribute('data-rh'))
                changes.push({ added, tag: node.localName, text: node.outerHTML });
      }).observe(document.head, { childList: true }),
    );
  });
  await page.goto('/helm-online-install');
  // About what hydration does to the head.
  await hydrated(page);
  await frames(page);
  const changes = await page.evaluate(
    () => (window as unknown as { headChanges: { added: boolean; tag: string; text: string }[] }).headChanges,
  );
  // Nothing at all: the server HTML's head is the one the browser's head manager works out.
  expect(changes).toEqual([]);
  const head = await headOf(page);
  expect(head.title).toBe('Install with Helm online | Veriq Documentation');
  expect(head.tags.filter((t) => t.startsWith('<link') && t.includes('rel=canonical'))).toHaveLength(1);
  expect(head.tags.filter((t) => t.startsWith('<script'))).toHaveLength(1);
});

test('after a client-side navigation the head is the target page’s own', async ({ page }) => {
  // Seven page loads, four of them waited on until hydrated (each fresh page is the reference):
  // on the 2-core runner with both workers busy that is more than the default 30 s.
  test.setTimeout(60_000);
  // A doc page to its neighbour (the doc layout stays mounted), then to the home page (a
  // different layout), then to a release page.
  const steps = [
    { link: '.pagination-nav__link--next', path: '/helm-offline-install', title: 'Install with Helm offline' },
    { link: '.navbar__brand', path: '/', title: 'Veriq documentation' },
    { link: 'a[href="/releases/2025-03"]', path: '/releases/2025-03', title: 'Veriq 6.5 release notes' },
  ];
  await page.goto('/helm-online-install');
  // About client-side navigations: before hydration a link is a full page load.
  await hydrated(page);
  for (const { link, path, title } of steps) {
    await page.locator(link).first().click();
    await expect(page).toHaveURL((url) => url.pathname === path);
    // The title changes once the head manager has written the new page's head.
    await expect(page).toHaveTitle(new RegExp(`^${title}`));
    await frames(page);
    const afterNavigation = await headOf(page);
    const fresh = await page.context().newPage();
    await fresh.goto(path);
    await hydrated(fresh);
    await frames(fresh);
    expect(afterNavigation, `head after navigating to ${path}`).toEqual(await headOf(fresh));
    await fresh.close();
  }
});
