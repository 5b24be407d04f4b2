// framework/ssrTemplate.ts: Docusaurus's page template with the bundle loaded after the first paint.
import { describe, expect, it } from 'vitest';
import { bundleLoader, ssrTemplate } from '../../framework/ssrTemplate';

type Observer = (list: { getEntries: () => { name: string }[] }) => void;

/** Runs the loader against a stand-in browser and reports what it appended, and when. */
function runLoader(visibility: 'visible' | 'hidden', paintTiming = true) {
  const appended: { src: string; async: boolean }[] = [];
  const timers: (() => void)[] = [];
  let observer: Observer | undefined;
  const listeners: Record<string, () => void> = {};
  const document = {
    visibilityState: visibility,
    createElement: () => ({ src: '', async: true }),
    body: { appendChild: (script: { src: string; async: boolean }) => appended.push({ ...script }) },
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
  new Function('window', 'document', 'setTimeout', bundleLoader('["/a.js","/b.js"]'))(window, document, setTimeout);
  return {
    appended,
    paint: (name: string) => observer?.({ getEntries: () => [{ name }] }),
    runTimers: (filter: (ms: number) => boolean) =>
      timers.splice(0).forEach((t) => (filter((t as unknown as { ms: number }).ms) ? t() : timers.push(t))),
    hide: () => {
      document.visibilityState = 'hidden';
      listeners.visibilitychange?.();
    },
  };
}

describe('the bundle loader', () => {
  it('appends the scripts, in order and not async, only after the first contentful paint', () => {
    const page = runLoader('visible');
    page.paint('first-paint');
    page.runTimers((ms) => ms === 0);
    expect(page.appended).toEqual([]);
    page.paint('first-contentful-paint');
    page.runTimers((ms) => ms === 0);
    expect(page.appended).toEqual([
      { src: '/a.js', async: false },
      { src: '/b.js', async: false },
    ]);
    // Once only, whatever comes later.
    page.runTimers(() => true);
    page.hide();
    expect(page.appended).toHaveLength(2);
  });

  it('loads at once in a hidden page and in a browser without paint timing', () => {
    expect(runLoader('hidden').appended).toHaveLength(2);
    expect(runLoader('visible', false).appended).toHaveLength(2);
  });

  it('loads when the page is hidden before it painted, or after 3 s without a paint', () => {
    const hidden = runLoader('visible');
    hidden.hide();
    expect(hidden.appended).toHaveLength(2);
    const slow = runLoader('visible');
    slow.runTimers((ms) => ms === 3000);
    expect(slow.appended).toHaveLength(2);
  });
});

describe('the page template', () => {
  it('has no parser-inserted bundle script, and one loader at the end of <body>', () => {
    expect(ssrTemplate).not.toMatch(/<script src=/);
    expect(ssrTemplate).toMatch(
      /<script>\(function\(\)\{var u=<%~ JSON\.stringify\(it\.scripts[^]*<\/script>\s*<\/body>/,
    );
  });
});
