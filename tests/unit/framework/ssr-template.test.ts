// Differential test of the `ssr-template` replacement (framework/ssrTemplate.ts): core's page
// template and ours, compiled by core's own compileSSGTemplate and filled with the same page,
// give the same document except for how the bundle scripts are loaded: core's are <script defer>
// in <head>, ours are listed in a JSON data block that one inline loader in <head> reads.
import { createRequire } from 'node:module';
import { parseDocument } from 'htmlparser2';
import { DomUtils } from 'htmlparser2';
import type { ChildNode, Element } from 'domhandler';
import { describe, expect, it } from 'vitest';
import { ssrTemplate } from '../../../framework/ssrTemplate';

const require = createRequire(import.meta.url);
const { compileSSGTemplate } = require('@docusaurus/core/lib/ssg/ssgTemplate.js') as {
  compileSSGTemplate(template: string): Promise<(data: object) => string>;
};
const coreTemplate = (require('@docusaurus/core/lib/ssg/ssgTemplate.html.js') as { default: string }).default;

const PAGE = {
  appHtml: '<div class="main-wrapper"><article><h1>Install</h1><p>Text &amp; more.</p></article></div>',
  baseUrl: '/',
  htmlAttributes: 'lang="en" dir="ltr" data-has-hydrated="false"',
  bodyAttributes: 'class="navigation-with-keyboard"',
  headTags: '<link rel="icon" href="/img/favicon.svg">',
  preBodyTags: '<script>(function(){document.documentElement.dataset.theme="light"})()</script>',
  postBodyTags: '',
  metaAttributes: [
    '<title data-rh="true">Install | Veriq</title>',
    '<meta data-rh="true" name="description" content="Install.">',
  ],
  scripts: ['assets/js/runtime~main.1234abcd.js', 'assets/js/main.5678ef01.js'],
  stylesheets: ['assets/css/styles.9abc0123.css'],
  noIndex: false,
  version: '3.10.2',
};

/** The element tree as [tag, attributes, children] (text trimmed, whitespace-only text dropped). */
function tree(nodes: ChildNode[]): unknown[] {
  return nodes.flatMap((node): unknown[] => {
    if (node.type === 'text') return node.data.trim() ? [node.data.trim()] : [];
    if (node.type !== 'tag' && node.type !== 'script' && node.type !== 'style') return [];
    const element = node as Element;
    return [[element.name, element.attribs, tree(element.children)]];
  });
}

const render = async (template: string) => parseDocument((await compileSSGTemplate(template))(PAGE));

describe('the page template (core 3.10 beside ours)', () => {
  it('renders the same document but for the bundle scripts', async () => {
    const core = await render(coreTemplate);
    const ours = await render(ssrTemplate);
    const scriptsOf = (doc: ReturnType<typeof parseDocument>) =>
      DomUtils.findAll((el) => el.name === 'script', doc.children);
    // Core: one deferred <script src> per bundle file, in the manifest's order.
    const deferred = scriptsOf(core).filter((el) => el.attribs.src);
    expect(deferred.map((el) => [el.attribs.src, 'defer' in el.attribs])).toEqual([
      ['/assets/js/runtime~main.1234abcd.js', true],
      ['/assets/js/main.5678ef01.js', true],
    ]);
    // Ours: none in the markup; a data block lists the same files in the same order, and the
    // loader after it, in <head> before the stylesheet, appends them.
    const oursScripts = scriptsOf(ours);
    expect(oursScripts.filter((el) => el.attribs.src)).toEqual([]);
    const list = oursScripts.find((el) => el.attribs.type === 'application/json')!;
    expect(JSON.parse(DomUtils.textContent(list))).toEqual([
      '/assets/js/runtime~main.1234abcd.js',
      '/assets/js/main.5678ef01.js',
    ]);
    const loader = DomUtils.nextElementSibling(list)!;
    expect(DomUtils.textContent(loader)).toContain(`document.getElementById("${list.attribs.id}")`);
    expect((DomUtils.getParent(loader) as Element | null)?.name).toBe('head');
    const stylesheet = DomUtils.findOne((el) => el.attribs.rel === 'stylesheet', ours.children)!;
    expect(DomUtils.nextElementSibling(loader)).toBe(stylesheet);
    // Everything else is the same document.
    for (const el of deferred) DomUtils.removeElement(el);
    DomUtils.removeElement(list);
    DomUtils.removeElement(loader);
    expect(tree(ours.children)).toEqual(tree(core.children));
  });
});
