// The `ssr-template` replacement (./ssrTemplate.build.ts). Differential: core's page template and
// ours, compiled by core's own compileSSGTemplate and filled with the same page, give the same
// document except for how the bundle scripts are loaded: core's are <script defer> in <head>, ours
// are listed in a JSON data block that one inline loader in <head> reads. Then the loader itself,
// run against a stand-in browser.
import { createRequire } from 'node:module';
import { parseDocument } from 'htmlparser2';
import { DomUtils } from 'htmlparser2';
import { isTag, isText, type ChildNode, type Element } from 'domhandler';
import { describe, expect, it } from 'vitest';
import { BUNDLE_LIST_ID, bundleLoader, ssrTemplate } from './ssrTemplate.build';

const require = createRequire(import.meta.url);
const { compileSSGTemplate } = require('@docusaurus/core/lib/ssg/ssgTemplate.js') as {
  compileSSGTemplate: (template: string) => Promise<(data: object) => string>;
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
    if (isText(node)) return node.data.trim() ? [node.data.trim()] : [];
    if (!isTag(node)) return [];
    return [[node.name, node.attribs, tree(node.children)]];
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

type Observer = (list: { getEntries: () => { name: string }[] }) => void;

/** Runs the loader against a stand-in browser and reports what it appended, and when. */
function runLoader(visibility: 'visible' | 'hidden', paintTiming = true, readyState = 'interactive') {
  const appended: { src: string; async: boolean }[] = [];
  const preloaded: { rel: string; as: string; href: string }[] = [];
  const elements: { src: string; onerror: (() => void) | null }[] = [];
  const timers: (() => void)[] = [];
  let observer: Observer | undefined;
  const listeners: Record<string, () => void> = {};
  const document = {
    visibilityState: visibility,
    readyState,
    getElementById: (id: string) => (id === BUNDLE_LIST_ID ? { textContent: '["/a.js","/b.js"]' } : null),
    createElement: (tag: string) =>
      tag === 'script' ? { src: '', async: true, onerror: null } : { rel: '', as: '', href: '' },
    head: { appendChild: (link: { rel: string; as: string; href: string }) => preloaded.push({ ...link }) },
    body: {
      appendChild: (script: { src: string; async: boolean; onerror: (() => void) | null }) => {
        appended.push({ src: script.src, async: script.async });
        elements.push(script);
      },
    },
    addEventListener: (type: string, listener: () => void) => (listeners[type] = listener),
  };
  const PerformanceObserver = Object.assign(
    function (this: { observe: () => void }, callback: Observer) {
      observer = callback;
      this.observe = () => undefined;
    },
    { supportedEntryTypes: paintTiming ? ['paint', 'largest-contentful-paint'] : ['navigation'] },
  );
  const window = { PerformanceObserver };
  const setTimeout = (callback: () => void, ms: number) => timers.push(Object.assign(callback, { ms }));
  const loader = new Function('window', 'document', 'setTimeout', bundleLoader()) as (
    window: unknown,
    document: unknown,
    setTimeout: unknown,
  ) => void;
  loader(window, document, setTimeout);
  /** Runs the timers set so far that `filter` picks, keeps the others; whether any ran. */
  const turn = (filter: (ms: number) => boolean) => {
    let ran = false;
    for (const t of timers.splice(0)) {
      if (filter((t as unknown as { ms: number }).ms)) {
        ran = true;
        t();
      } else timers.push(t);
    }
    return ran;
  };
  return {
    appended,
    preloaded,
    elements,
    parsed: () => {
      document.readyState = 'interactive';
      listeners.DOMContentLoaded?.();
    },
    paint: (name: string) => observer?.({ getEntries: () => [{ name }] }),
    /** Runs the timers `filter` picks, and those they set, as the event loop would, to the last. */
    runTimers(filter: (ms: number) => boolean) {
      while (turn(filter));
    },
    /** Runs the timers due now, once: one turn of the event loop. */
    runTask: () => turn((ms) => ms === 0),
    hide: () => {
      document.visibilityState = 'hidden';
      listeners.visibilitychange?.();
    },
  };
}

describe('the bundle loader', () => {
  it('starts the downloads at the first paint and runs the scripts only once the document is parsed', () => {
    const page = runLoader('visible', true, 'loading');
    page.paint('first-contentful-paint');
    page.runTimers((ms) => ms === 0);
    expect(page.preloaded).toEqual([
      { rel: 'preload', as: 'script', href: '/a.js' },
      { rel: 'preload', as: 'script', href: '/b.js' },
    ]);
    expect(page.appended).toEqual([]);
    page.parsed();
    page.runTimers((ms) => ms === 0);
    expect(page.appended).toEqual([
      { src: '/a.js', async: false },
      { src: '/b.js', async: false },
    ]);
  });

  it('appends the scripts, in order and not async, only after the first contentful paint', () => {
    const page = runLoader('visible');
    page.paint('first-paint');
    page.runTimers((ms) => ms === 0);
    expect(page.appended).toEqual([]);
    expect(page.preloaded).toEqual([]);
    page.paint('first-contentful-paint');
    page.runTimers((ms) => ms === 0);
    expect(page.appended).toEqual([
      { src: '/a.js', async: false },
      { src: '/b.js', async: false },
    ]);
    // Once only, whatever comes later.
    page.runTimers(() => true);
    page.hide();
    page.parsed();
    page.runTimers(() => true);
    expect(page.appended).toHaveLength(2);
    // The document was parsed at the paint: the scripts request their files themselves, and a
    // preload link beside each would be a second element and a second request in the same task.
    expect(page.preloaded).toEqual([]);
  });

  it('removes a script that failed to load, so the runtime requests its chunk afresh', () => {
    const page = runLoader('hidden');
    page.runTimers((ms) => ms === 0);
    const failed = page.elements[1];
    const removed: unknown[] = [];
    failed.onerror!.call({ parentNode: { removeChild: (node: unknown) => removed.push(node) } });
    expect(removed).toHaveLength(1);
  });

  it('appends one script a task, so that no one task starts every request', () => {
    const page = runLoader('visible');
    page.paint('first-contentful-paint');
    page.runTask();
    expect(page.appended.map((s) => s.src)).toEqual(['/a.js']);
    page.runTask();
    expect(page.appended.map((s) => s.src)).toEqual(['/a.js', '/b.js']);
  });

  it('loads at once in a hidden page and in a browser without paint timing', () => {
    for (const page of [runLoader('hidden'), runLoader('visible', false)]) {
      page.runTimers((ms) => ms === 0);
      expect(page.appended).toHaveLength(2);
    }
  });

  it('loads when the page is hidden before it painted, or after 3 s without a paint', () => {
    const hidden = runLoader('visible');
    hidden.hide();
    hidden.runTimers((ms) => ms === 0);
    expect(hidden.appended).toHaveLength(2);
    const slow = runLoader('visible');
    slow.runTimers((ms) => ms === 3000 || ms === 0);
    expect(slow.appended).toHaveLength(2);
  });
});

describe('the page template', () => {
  it('has no parser-inserted bundle script, and the list and its loader in <head> before the stylesheets', () => {
    expect(ssrTemplate).not.toMatch(/<script src=/);
    expect(ssrTemplate).toMatch(
      /<script type="application\/json" id="__bundle"><%~ JSON\.stringify\(it\.scripts[^<]*<\/script>\s*<script>\(function\(\)\{var u=JSON\.parse[^]*?<\/script>\s*<% it\.stylesheets/,
    );
  });
});
