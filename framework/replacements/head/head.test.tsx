// @vitest-environment happy-dom
// Differential test of the `head` replacement (./clientHelmet.tsx): the same pages'
// <Head>s, as core's @docusaurus/Head and the theme render them, mounted with core's
// react-helmet-async and with ours, and a client-side navigation between them. The document's head
// and <html> attributes must come out the same.
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import React, { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import * as ours from './clientHelmet';

const require = createRequire(import.meta.url);
// core's own dependency (published as @slorber/react-helmet-async), which the server build keeps.
const upstream = require(
  require.resolve('react-helmet-async', { paths: [dirname(require.resolve('@docusaurus/core/package.json'))] }),
) as typeof ours;

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Lib = typeof ours;
const site = (H: Lib['Helmet']) => (
  <H defaultTitle="Veriq Documentation" titleTemplate="%s | Veriq Documentation">
    <html lang="en" dir="ltr" />
    <meta property="og:image" content="/img/card.png" />
    <meta name="twitter:card" content="summary_large_image" />
    <link rel="alternate" href="https://docs.example/" hrefLang="en" />
  </H>
);
const install = (H: Lib['Helmet']) => (
  <>
    <H>
      <html className="docs-doc-page plugin-docs" />
      <title>Install</title>
      <meta property="og:title" content="Install | Veriq Documentation" />
      <meta name="description" content="Install Veriq." />
      <link rel="canonical" href="https://docs.example/install" />
    </H>
    <H>
      <script type="application/ld+json">{'{"@type":"BreadcrumbList"}'}</script>
      <link rel="alternate" type="text/markdown" href="/install.md" />
    </H>
  </>
);
const release = (H: Lib['Helmet']) => (
  <H>
    <html className="docs-doc-page" />
    <title>March 2025</title>
    <meta name="description" content="Release notes." />
    <meta name="robots" content="noindex" />
    <link rel="canonical" href="https://docs.example/releases/2025-03" />
  </H>
);

/** The head as a reader's browser holds it: <html> attributes, title, and each tag in order. */
function observe(): unknown {
  const html = document.documentElement;
  return {
    html: Object.fromEntries(Array.from(html.attributes).map((a) => [a.name, a.value])),
    title: document.title,
    tags: Array.from(document.head.children).map((el) => [
      el.tagName.toLowerCase(),
      Object.fromEntries(Array.from(el.attributes).map((a) => [a.name, a.value])),
      el.textContent,
    ]),
  };
}

const frame = () => new Promise((resolve) => setTimeout(resolve, 50));

async function run(lib: Lib, pages: ((H: Lib['Helmet']) => ReactNode)[]): Promise<unknown[]> {
  document.head.innerHTML = '';
  for (const attr of Array.from(document.documentElement.attributes))
    document.documentElement.removeAttribute(attr.name);
  const container = document.createElement('div');
  document.body.appendChild(container);
  const root = createRoot(container);
  const seen: unknown[] = [];
  for (const page of pages) {
    await act(async () => {
      root.render(
        <lib.HelmetProvider {...{ context: {} }}>
          {site(lib.Helmet)}
          {page(lib.Helmet)}
        </lib.HelmetProvider>,
      );
    });
    await act(frame);
    seen.push(observe());
  }
  await act(async () => root.unmount());
  container.remove();
  return seen;
}

afterEach(() => {
  document.head.innerHTML = '';
});

describe('the head manager (react-helmet-async beside ours)', () => {
  it('writes the same head for a page and after client-side navigations', async () => {
    const pages = [install, release, install];
    const expected = await run(upstream, pages);
    const actual = await run(ours, pages);
    expect(actual).toEqual(expected);
    // The pages differ, so a manager that wrote nothing or kept the first page would fail.
    expect(expected[0]).not.toEqual(expected[1]);
    expect((expected[1] as { title: string }).title).toBe('March 2025 | Veriq Documentation');
  });
});
