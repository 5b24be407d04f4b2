import React from 'react';
import { describe, expect, it } from 'vitest';
import { headPropsOf, reduceHead, tagsOf, type HeadProps } from './headState';

describe('headPropsOf (a <Head> in react-helmet-async prop shapes)', () => {
  it('maps title, html, body and each tag, with HTML attribute names', () => {
    const props = headPropsOf(
      {},
      <>
        <html lang="en" className="plugin-docs" />
        <body className="page" />
        <base href="/docs/" />
        <title>{['Install', ' | Veriq']}</title>
        <meta name="description" content="Install Veriq." />
        <meta httpEquiv="x-ua-compatible" content="ie=edge" />
        {false}
        {null}
        <link rel="canonical" href="https://docs.example/install" />
        <script type="application/ld+json">{'{"@type":"BreadcrumbList"}'}</script>
      </>,
    );
    expect(props).toEqual({
      htmlAttributes: { lang: 'en', class: 'plugin-docs' },
      bodyAttributes: { class: 'page' },
      base: { href: '/docs/' },
      title: ['Install', ' | Veriq'],
      titleAttributes: {},
      meta: [
        { name: 'description', content: 'Install Veriq.' },
        { 'http-equiv': 'x-ua-compatible', content: 'ie=edge' },
      ],
      link: [{ rel: 'canonical', href: 'https://docs.example/install' }],
      script: [{ type: 'application/ld+json', innerHTML: '{"@type":"BreadcrumbList"}' }],
    });
  });

  it("lets children replace the props' list of the same type", () => {
    const props = headPropsOf({ meta: [{ name: 'robots', content: 'noindex' }], title: 'Props' }, <meta name="a" />);
    expect(props.meta).toEqual([{ name: 'a' }]);
    expect(props.title).toBe('Props');
  });

  it('refuses what react-helmet-async refuses: unknown elements, text in a void tag', () => {
    expect(() => headPropsOf({}, <div />)).toThrow(/not <div>/);
    expect(() => headPropsOf({}, <meta name="a">text</meta>)).toThrow(/<meta> in <Head> takes no children/);
  });
});

describe('reduceHead (every mounted <Head>, outermost first)', () => {
  const site: HeadProps = {
    htmlAttributes: { lang: 'en', dir: 'ltr' },
    title: 'Veriq Documentation',
    meta: [
      { property: 'og:image', content: '/img/card.png' },
      { name: 'twitter:card', content: 'summary_large_image' },
      { property: 'og:title', content: 'Veriq Documentation' },
    ],
    link: [
      { rel: 'canonical', href: 'https://docs.example/' },
      { rel: 'alternate', href: 'https://docs.example/', hreflang: 'en' },
    ],
  };
  const page: HeadProps = {
    htmlAttributes: { class: 'docs-doc-page' },
    title: 'Install | Veriq Documentation',
    meta: [
      { property: 'og:title', content: 'Install | Veriq Documentation' },
      { name: 'description', content: 'Install Veriq.' },
    ],
    link: [{ rel: 'canonical', href: 'https://docs.example/install' }],
  };

  it('takes the innermost title and merges html attributes', () => {
    const state = reduceHead([site, page]);
    expect(state.title).toBe('Install | Veriq Documentation');
    expect(state.htmlAttributes).toEqual({ lang: 'en', dir: 'ltr', class: 'docs-doc-page' });
    expect(reduceHead([site]).title).toBe('Veriq Documentation');
    expect(reduceHead([]).title).toBeUndefined();
  });

  it('lets an inner tag replace an outer one with the same identity, and keeps the rest in order', () => {
    const state = reduceHead([site, page]);
    expect(state.tags.meta).toEqual([
      { property: 'og:image', content: '/img/card.png' },
      { name: 'twitter:card', content: 'summary_large_image' },
      { property: 'og:title', content: 'Install | Veriq Documentation' },
      { name: 'description', content: 'Install Veriq.' },
    ]);
    // One canonical (identified by rel); alternates are identified by href.
    expect(state.tags.link).toEqual([
      { rel: 'alternate', href: 'https://docs.example/', hreflang: 'en' },
      { rel: 'canonical', href: 'https://docs.example/install' },
    ]);
  });

  it('keeps repeats within one <Head>, drops tags with no identity, and applies a title template', () => {
    const images: HeadProps = {
      meta: [{ property: 'og:image', content: 'a' }, { property: 'og:image', content: 'b' }, { content: 'x' }],
    };
    expect(tagsOf('meta', [images])).toEqual([
      { property: 'og:image', content: 'a' },
      { property: 'og:image', content: 'b' },
    ]);
    const stylesheets: HeadProps = {
      link: [
        { rel: 'stylesheet', href: '/a.css' },
        { rel: 'stylesheet', href: '/b.css' },
      ],
    };
    expect(tagsOf('link', [stylesheets])).toHaveLength(2);
    expect(reduceHead([{ titleTemplate: '%s | Veriq' }, { title: 'Install' }]).title).toBe('Install | Veriq');
    expect(reduceHead([{ defaultTitle: 'Veriq' }]).title).toBe('Veriq');
    expect(tagsOf('base', [{ base: { href: '/a/' } }, { base: { href: '/b/' } }])).toEqual([{ href: '/b/' }]);
  });
});
