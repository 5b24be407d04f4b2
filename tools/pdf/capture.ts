// Takes one chapter's article out of its built page, rendered in Chromium the way a signed-in
// reader in light mode sees it (hydrated, every Mermaid diagram drawn), with ids made unique for
// the book and links pointed inside the book or at the site.
import type { BrowserContext, Page } from 'playwright-core';
import type { Chapter } from './sidebarChapters';

export interface CapturedChapter {
  /** The page's title, its h1. */
  title: string;
  /** The article without its h1, ids prefixed, links rewritten. */
  html: string;
  /** The texts of its h2 headings, in order. */
  h2: string[];
  /** The texts of all its headings below the h1 (h2 to h6), in document order. */
  headings: string[];
}

export interface LinkTargets {
  /** Route (no trailing slash, no .html) → chapter slug, for pages inside this book. */
  inBook: Record<string, string>;
  /** Where links to pages outside the book go, e.g. https://docs.veriq.io */
  siteUrl: string;
}

const HYDRATED = 'html[data-has-hydrated="true"]';

/** Loads `route` and waits for the app and every diagram. */
async function loadRendered(page: Page, url: string): Promise<void> {
  const response = await page.goto(url, { waitUntil: 'load' });
  if (!response?.ok()) throw new Error(`${url} answered ${response?.status()}`);
  await page.waitForSelector(HYDRATED, { state: 'attached', timeout: 30_000 });
  await page.waitForSelector('.theme-doc-markdown', { state: 'attached' });
  // Diagrams are drawn when they near the viewport (useNearViewport): bring each into view.
  const diagrams = page.locator('[data-diagram]');
  for (const diagram of await diagrams.all()) {
    await diagram.scrollIntoViewIfNeeded();
    await diagram.locator('svg').first().waitFor({ state: 'attached', timeout: 30_000 });
  }
}

export async function captureChapter(
  context: BrowserContext,
  origin: string,
  chapter: Chapter,
  targets: LinkTargets,
): Promise<CapturedChapter> {
  const page = await context.newPage();
  try {
    await loadRendered(page, origin + chapter.route);
    return await page.evaluate(extractArticle, { slug: chapter.slug, ...targets });
  } finally {
    await page.close();
  }
}

/** Runs in the page: everything it needs is in its argument. */
function extractArticle({ slug, inBook, siteUrl }: { slug: string } & LinkTargets): CapturedChapter {
  const source = document.querySelector('.theme-doc-markdown');
  if (!source) throw new Error(`${location.pathname}: no .theme-doc-markdown article`);
  const article = source.cloneNode(true) as HTMLElement;
  const h1 = article.querySelector('h1');
  const title = (h1?.textContent ?? document.title).trim();
  // The book prints its own h1 for the chapter; the page's header holds only the h1.
  const header = h1?.closest('header');
  (header && header.children.length === 1 ? header : h1)?.remove();
  // Controls of the screen (heading anchors, copy buttons) mean nothing on paper.
  article.querySelectorAll('.hash-link, button').forEach((el) => el.remove());
  article.querySelectorAll('img').forEach((img) => img.setAttribute('loading', 'eager'));
  article.querySelectorAll('[tabindex]').forEach((el) => el.removeAttribute('tabindex'));

  const prefix = (id: string) => `${slug}--${id}`;
  const ids = new Set<string>();
  article.querySelectorAll('[id]').forEach((el) => ids.add(el.id));
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const refPattern = ids.size
    ? new RegExp(
        `#(${[...ids]
          .sort((a, b) => b.length - a.length)
          .map(escape)
          .join('|')})(?![\\w-])`,
        'g',
      )
    : null;
  const rewriteRefs = (text: string) =>
    refPattern ? text.replace(refPattern, (_, id: string) => `#${prefix(id)}`) : text;
  const ID_LISTS = ['aria-labelledby', 'aria-describedby', 'aria-controls', 'aria-owns', 'for'];
  for (const el of [article, ...Array.from(article.querySelectorAll('*'))]) {
    if (el.id) el.id = prefix(el.id);
    if (el.tagName.toLowerCase() === 'style' && el.textContent) el.textContent = rewriteRefs(el.textContent);
    for (const attr of Array.from(el.attributes)) {
      if (ID_LISTS.includes(attr.name)) {
        el.setAttribute(
          attr.name,
          attr.value
            .split(/\s+/)
            .map((id: string) => (ids.has(id) ? prefix(id) : id))
            .join(' '),
        );
      } else if (attr.value.includes('url(#') || (attr.name.endsWith('href') && attr.value.startsWith('#'))) {
        el.setAttribute(attr.name, rewriteRefs(attr.value));
      }
    }
  }

  for (const link of Array.from(article.querySelectorAll<HTMLAnchorElement>('a[href]'))) {
    const raw = link.getAttribute('href')!;
    if (raw.startsWith('#')) continue;
    let url: URL;
    try {
      url = new URL(raw, location.href);
    } catch {
      continue;
    }
    if (url.origin !== location.origin) {
      // The book prints where external links go (book.css), unless the text says it already.
      const bare = (text: string) =>
        text
          .trim()
          .replace(/^https?:\/\//, '')
          .replace(/\/$/, '');
      if (bare(link.textContent ?? '') === bare(raw)) link.setAttribute('data-bare', '');
      continue;
    }
    const route =
      url.pathname
        .replace(/\.html$/, '')
        .replace(/\/index$/, '')
        .replace(/(.)\/$/, '$1') || '/';
    const target = inBook[route];
    if (target !== undefined) {
      const hash = decodeURIComponent(url.hash.slice(1));
      link.setAttribute('href', hash ? `#${target}--${hash}` : `#chapter-${target}`);
    } else {
      link.setAttribute('href', siteUrl + url.pathname + url.search + url.hash);
    }
  }
  const text = (h: Element) => (h.textContent ?? '').replace(/\s+/g, ' ').trim();
  const h2 = Array.from(article.querySelectorAll('h2')).map(text);
  const headings = Array.from(article.querySelectorAll('h2, h3, h4, h5, h6')).map(text);
  return { title, html: article.innerHTML, h2, headings };
}
