import AxeBuilder from '@axe-core/playwright';
import { XMLParser } from 'fast-xml-parser';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import matter from 'gray-matter';
import { test, expect, hydrated } from './fixtures';
import { refuseClipboard } from './support/refuseClipboard';
import { baseUrl } from './support/variants';

// Reader features: Markdown twins, llms.txt, the releases feed, page actions,
// last-updated dates and page feedback. Absolute links carry the build's site URL (SITE_URL,
// not the e2e origin): it is read from the home page's canonical link.

const guideRoute = /^\/guides(\/|$)/;
let main = '';

test.beforeAll(async ({ request }) => {
  const html = await (await request.get(`${baseUrl('main')}/`)).text();
  main = new URL(/<link[^>]*rel=["']?canonical["']?[^>]*href=["']?([^"'\s>]+)/.exec(html)![1]).origin;
});

test.describe('Markdown twins', () => {
  test('a twin carries the page’s title, description, headings and text, as Markdown', async ({ page, request }) => {
    await page.goto('/install-options');
    const title = await page.locator('article h1').innerText();
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    const headings = await page.locator('article .markdown h2').allInnerTexts();
    const firstParagraph = await page.locator('article .markdown > p').first().innerText();
    const response = await request.get('/install-options.md');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('text/markdown; charset=utf-8');
    const twin = await response.text();
    expect(twin.startsWith(`# ${title}\n\n> ${description}\n`)).toBe(true);
    expect(headings.length).toBeGreaterThan(1);
    for (const heading of headings) expect(twin).toContain(`\n## ${heading.replace(/\u200b/g, '').trim()}\n`);
    // Inline Markdown (links, bold, code) differs from the rendered text: compare the words.
    const words = (text: string) => text.replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
    expect(words(twin)).toContain(words(firstParagraph).slice(0, 120));
    expect(twin).toMatch(/\n\| .+ \|\n\| - \|/);
    expect(twin).not.toContain('\nslug:');
  });

  test('the home page’s twin is /index.md, and every doc page advertises its twin', async ({ page, request }) => {
    for (const [route, twin] of [
      ['/', '/index.md'],
      ['/releases/2025-03', '/releases/2025-03.md'],
    ]) {
      await page.goto(route);
      await expect(page.locator('link[rel="alternate"][type="text/markdown"]')).toHaveAttribute('href', twin);
      expect((await request.get(twin)).status()).toBe(200);
    }
  });

  test('admonitions and site links stay Markdown, links made absolute to twins', async ({ request }) => {
    const twin = await (await request.get('/releases/2023-04.md')).text();
    expect(twin).toContain(':::note[Archived installation method]');
    expect(twin).toContain(`](${main}/releases/2024-01.md)`);
  });
});

test.describe('llms.txt', () => {
  test('follows llmstxt.org and every link in it answers', async ({ request }) => {
    const response = await request.get('/llms.txt');
    expect(response.headers()['content-type']).toBe('text/plain; charset=utf-8');
    const text = await response.text();
    expect(text).toMatch(/^# Veriq Documentation\n\n> \S.+\n/);
    const sections = [...text.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    expect(sections.slice(0, 4)).toEqual(['Installation', 'Guides', 'Releases', 'Restricted']);
    const links = [...text.matchAll(/^- \[[^\]]+\]\(([^)]+)\)(?:: .+)?$/gm)].map((m) => m[1]);
    expect(links.length).toBeGreaterThan(150);
    // Each section line that is not blank is a list item: nothing malformed slipped in.
    for (const line of text
      .split('\n## ')
      .slice(1)
      .flatMap((s) => s.split('\n').slice(1))) {
      if (line) expect(line).toMatch(/^- \[/);
    }
    // Guide twins are static files today (200); once the server-side gate guards /guides, a
    // request without a session gets 401 there. Both states of the site are accepted for guides.
    test.setTimeout(90_000);
    const statuses = await Promise.all(
      links.map(async (link) => {
        const url = new URL(link);
        const status = (await request.get(url.pathname, { maxRedirects: 0 })).status();
        return { link, origin: url.origin, path: url.pathname, status };
      }),
    );
    for (const { link, origin, path, status } of statuses) {
      expect(origin, link).toBe(main);
      expect(path).toMatch(/\.md$/);
      if (guideRoute.test(path)) expect([200, 401], path).toContain(status);
      else expect(status, path).toBe(200);
    }
  });

  test('llms-full.txt holds every public page and no guide text', async ({ request }) => {
    const full = await (await request.get('/llms-full.txt')).text();
    const llms = await (await request.get('/llms.txt')).text();
    const twins = [...llms.matchAll(/\]\(([^)]+\.md)\)/g)].map((m) => new URL(m[1]).pathname);
    const publicTwins = twins.filter((p) => !guideRoute.test(p));
    for (const twin of publicTwins) expect(full).toContain(`Source: ${main}${twin}\n`);
    expect(full).not.toMatch(/Source: [^\n]*\/guides\//);
    // The text of a guide is not there (the opening of its first paragraph, from its source).
    const guide = matter(readFileSync(join(process.cwd(), 'docs/guides/connections/snowflake.md'), 'utf8'));
    const opening = guide.content.trim().split('\n')[0].slice(0, 60);
    expect(opening).toMatch(/^[\w ,.]{60}$/);
    expect(full).not.toContain(opening);
  });
});

/** A feed entry as fast-xml-parser reads it: attributes as keys, an element's text as '#text'. */
interface ReleaseEntryXml {
  id: string;
  title: { '#text': string };
  summary: { '#text': string };
  link: { href: string };
  published: string;
  category: { term: string };
}

test.describe('releases feed', () => {
  const releasesDir = join(process.cwd(), 'docs', 'releases');
  const releasePages = readdirSync(releasesDir)
    .filter((f) => /^\d{4}-\d{2}\.md$/.test(f))
    .map((f) => {
      const { data, content } = matter(readFileSync(join(releasesDir, f), 'utf8'));
      return {
        route: `/releases/${f.replace(/\.md$/, '')}`,
        title: data.title as string,
        description: data.description as string,
        version: /^\| Version \| ([^|]+) \|$/m.exec(content)?.[1].trim(),
        date: /^\| Release date \| (\d{4}-\d{2}-\d{2}) \|$/m.exec(content)?.[1],
      };
    });

  test('is valid Atom with one entry per release page', async ({ request }) => {
    const response = await request.get('/releases/feed.xml');
    expect(response.headers()['content-type']).toBe('application/atom+xml; charset=utf-8');
    const xml = await response.text();
    const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' });
    const { feed } = parser.parse(xml, true) as {
      feed: { xmlns: string; id: string; entry: ReleaseEntryXml | ReleaseEntryXml[] };
    };
    expect(feed.xmlns).toBe('http://www.w3.org/2005/Atom');
    expect(feed.id).toBe(`${main}/releases/feed.xml`);
    const entries = [feed.entry].flat();
    expect(entries).toHaveLength(releasePages.length);
    for (const release of releasePages) {
      const entry = entries.find((e) => e.id === `${main}${release.route}`);
      expect(entry, release.route).toBeDefined();
      if (!entry) continue;
      expect(entry.title['#text']).toBe(release.title);
      expect(entry.summary['#text']).toBe(release.description);
      expect(entry.link.href).toBe(`${main}${release.route}`);
      expect(entry.published).toBe(`${release.date}T00:00:00.000Z`);
      expect(entry.category.term).toBe(release.version);
    }
    const dates = entries.map((e) => e.published);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  test('release pages and the releases overview advertise it', async ({ page }) => {
    for (const route of ['/releases/intro', '/releases/2024-01']) {
      await page.goto(route);
      await expect(page.locator('link[rel="alternate"][type="application/atom+xml"]')).toHaveAttribute(
        'href',
        '/releases/feed.xml',
      );
    }
    await page.goto('/install-options');
    await expect(page.locator('link[type="application/atom+xml"]')).toHaveCount(0);
  });
});

test.describe('page actions', () => {
  test('Copy page puts the Markdown twin on the clipboard and confirms it', async ({ page, context, request }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl('main') });
    await page.goto('/helm-online-install');
    const actions = page.getByRole('group', { name: 'Page actions' });
    await actions.getByRole('button', { name: 'Copy page' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Page copied to the clipboard as Markdown.' }),
    ).toBeVisible();
    await expect(actions.getByRole('button', { name: 'Copied' })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await (await request.get('/helm-online-install.md')).text());
  });

  test('when the clipboard is refused, the Markdown is offered selected for copying', async ({ page, request }) => {
    await refuseClipboard(page);
    await page.goto('/helm-online-install');
    await page.getByRole('button', { name: 'Copy page' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'did not allow copying' })).toBeVisible();
    const fallback = page.getByRole('textbox', { name: 'Markdown of this page' });
    await expect(fallback).toHaveValue(await (await request.get('/helm-online-install.md')).text());
    await expect(fallback).toBeFocused();
  });

  test('Use with your AI assistant copies the MCP server URL and links the editors to it', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl('main') });
    // A reader's tap: no waiting for hydration (src/early-input holds an early one on the summary).
    await page.goto('/install-options');
    await page.getByText('Use with your AI assistant').click();
    await page.getByRole('button', { name: 'Copy MCP server URL' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Copied https://docs.veriq.io/mcp' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('https://docs.veriq.io/mcp');
    const cursor = new URL((await page.getByRole('link', { name: 'Add to Cursor' }).getAttribute('href'))!);
    expect(JSON.parse(atob(cursor.searchParams.get('config')!))).toEqual({ url: 'https://docs.veriq.io/mcp' });
    const vscode = (await page.getByRole('link', { name: 'Add to VS Code' }).getAttribute('href'))!;
    expect(vscode).toBe(
      `vscode:mcp/install?${encodeURIComponent(JSON.stringify({ name: 'veriq-docs', type: 'http', url: 'https://docs.veriq.io/mcp' }))}`,
    );
  });

  test('the assistant panel opens over the page and closes like a menu', async ({ page }) => {
    await page.goto('/install-options');
    await hydrated(page);
    const disclosure = page.locator('details').filter({ hasText: 'Use with your AI assistant' });
    const summary = page.getByText('Use with your AI assistant');
    await summary.click();
    await expect(disclosure).toHaveAttribute('open', '');
    await page.getByRole('button', { name: 'Copy MCP server URL' }).focus();
    await page.keyboard.press('Escape');
    await expect(disclosure).not.toHaveAttribute('open');
    await expect(summary).toBeFocused();
    await summary.click();
    await expect(disclosure).toHaveAttribute('open', '');
    // A press anywhere outside (the panel itself covers the title).
    await page
      .locator('article .markdown > p')
      .last()
      .click({ position: { x: 1, y: 1 } });
    await expect(disclosure).not.toHaveAttribute('open');
  });

  test('work from the keyboard, and View as Markdown opens the twin', async ({ page }) => {
    await page.goto('/install-options');
    const copy = page.getByRole('button', { name: 'Copy page' });
    await copy.focus();
    await page.keyboard.press('Tab');
    const view = page.getByRole('link', { name: 'View as Markdown' });
    await expect(view).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/install-options\.md$/);
    await expect(page.locator('body')).toContainText('# Installation options');
  });
});

test('every doc page shows when it was last updated', async ({ page }) => {
  await page.goto('/install-options');
  const time = page.locator('footer time[datetime]').first();
  await expect(time).toBeVisible();
  const when = new Date((await time.getAttribute('datetime'))!);
  // From git history: not the build time of a shallow clone's only commit.
  expect(Number.isNaN(when.getTime())).toBe(false);
  expect(when.getTime()).toBeLessThan(Date.now());
});

test.describe('page feedback', () => {
  const site = baseUrl('skipauth');

  test('without a tag-manager container there is no question', async ({ page }) => {
    await page.goto('/install-options');
    await page.locator('footer time').first().scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 5000);
    await expect(page.locator('article footer')).toBeVisible();
    await expect(page.getByText('Was this page helpful?')).toHaveCount(0);
  });

  test('a vote and a reason reach dataLayer as one event, thanked and remembered', async ({ page }) => {
    await page.addInitScript(() => {
      const add = window.addEventListener.bind(window);
      window.addEventListener = function (...args: Parameters<typeof add>) {
        if (args[0] === 'pagehide') (window as { e2eFeedbackMounted?: boolean }).e2eFeedbackMounted = true;
        return add(...args);
      } as typeof add;
    });
    await page.goto(`${site}/install-options`);
    await page.mouse.wheel(0, 100000);
    const question = page.getByRole('region', { name: 'Was this page helpful?' });
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'No' }).click();
    const form = page.getByRole('group', { name: /What went wrong\?/ });
    await expect(form).toBeVisible();
    await form.getByRole('radio', { name: 'Information is missing' }).check();
    const comment = page.getByRole('textbox', { name: /Anything to add\?/ });
    await expect(comment).toHaveAttribute('maxlength', '500');
    await comment.fill('  No proxy example.  ');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Thank you for your feedback.' })).toBeVisible();
    const events = await page.evaluate(() =>
      ((window as { dataLayer?: { event?: string }[] }).dataLayer ?? []).filter((e) => e.event === 'docs_feedback'),
    );
    expect(events).toEqual([
      {
        event: 'docs_feedback',
        page_path: '/install-options',
        vote: 'no',
        reason: 'missing',
        comment: 'No proxy example.',
      },
    ]);
    await page.reload();
    await page.mouse.wheel(0, 100000);
    await expect(page.locator('article footer')).toBeVisible();
    // For a page already answered the widget renders nothing, so nothing on screen says it has
    // loaded: wait until it has mounted (it listens for pagehide, to send a vote left without a
    // reason), then it must show no question.
    await expect
      .poll(() => page.evaluate(() => (window as { e2eFeedbackMounted?: boolean }).e2eFeedbackMounted))
      .toBe(true);
    await expect(page.getByText('Was this page helpful?')).toHaveCount(0);
  });

  test('a vote whose reason is skipped is sent once, with no reason', async ({ page }) => {
    await page.goto(`${site}/helm-requirements`);
    await page.mouse.wheel(0, 100000);
    await page.getByRole('button', { name: 'Yes' }).click();
    await page.getByRole('button', { name: 'Skip' }).click();
    await expect(page.getByText('Thank you for your feedback.')).toBeVisible();
    const events = await page.evaluate(() =>
      ((window as { dataLayer?: { event?: string }[] }).dataLayer ?? []).filter((e) => e.event === 'docs_feedback'),
    );
    expect(events).toEqual([
      { event: 'docs_feedback', page_path: '/helm-requirements', vote: 'yes', reason: '', comment: '' },
    ]);
  });

  test('the question, the reason form and the page actions have no serious axe violations', async ({ page }) => {
    // axe over a long page is slow on a loaded 2-core machine.
    test.setTimeout(90_000);
    await page.goto(`${site}/install-options`);
    await page.mouse.wheel(0, 100000);
    await page.getByRole('button', { name: 'No' }).click();
    await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
    const results = await new AxeBuilder({ page })
      .include('article')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
