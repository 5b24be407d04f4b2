// @vitest-environment happy-dom
// Differential test of the `progress-bar` replacement (./progressBar.ts): theme-
// classic's progress-bar client module, bundled once with nprogress and once with ours, driven
// through the same navigation. What a reader sees is compared at each step: whether the bar is
// there, its elements, where it stands, and when it leaves.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bundleAndImport } from '../../../tests/unit/framework/bundle';

interface ClientModule {
  onRouteUpdate(args: {
    location: { pathname: string };
    previousLocation: { pathname: string } | null;
  }): (() => void) | undefined;
  onRouteDidUpdate(): void;
}

const THEME_MODULE = `export { default } from '@docusaurus/theme-classic/lib/nprogress.js';`;
const NO_CSS = [{ file: /nprogress\.css$/, source: '' }];

async function clientModule(which: 'nprogress' | 'ours'): Promise<ClientModule> {
  const { default: module } = await bundleAndImport<{ default: ClientModule }>(THEME_MODULE, {
    overrides: NO_CSS,
    virtual: which === 'ours' ? { nprogress: `export { default } from '${__dirname}/progressBar.ts';` } : {},
  });
  return module;
}

interface Seen {
  elements: string | null;
  /** The bar's position, percent of its width (0 is the end). */
  position: number | null;
  opacity: string | null;
}

function look(): Seen {
  const root = document.getElementById('nprogress');
  const bar = root?.querySelector<HTMLElement>('.bar');
  // nprogress moves the bar with a transform, or with a margin where it finds no 3D transform
  // support (as in this DOM, which leaves its first transform in place); ours with a transform.
  const position = bar
    ? Number((/(-?[\d.]+)%/.exec(bar.style.marginLeft) ?? /translate3d\((-?[\d.]+)%/.exec(bar.style.transform))?.[1])
    : null;
  return {
    elements: root
      ? Array.from(root.querySelectorAll('*'))
          .map((el) => `${el.className}${el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : ''}`)
          .join(' > ')
      : null,
    position,
    opacity: root ? root.style.opacity : null,
  };
}

/** A slow navigation: the theme starts the bar 200 ms in; the page renders after `renderMs`. */
async function navigate(module: ClientModule, renderMs: number): Promise<Seen[]> {
  const seen: Seen[] = [];
  // core calls what onRouteUpdate returned once the new route renders, then onRouteDidUpdate.
  const rendered = module.onRouteUpdate({ location: { pathname: '/b' }, previousLocation: { pathname: '/a' } });
  for (let t = 0; t < renderMs; t += 100) {
    await vi.advanceTimersByTimeAsync(100);
    seen.push(look());
  }
  rendered?.();
  module.onRouteDidUpdate();
  for (let t = 0; t < 800; t += 100) {
    await vi.advanceTimersByTimeAsync(100);
    seen.push(look());
  }
  return seen;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(Math, 'random').mockReturnValue(0.5);
  document.body.innerHTML = '';
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('the navigation progress bar (theme-classic with nprogress 0.2.0 beside ours)', () => {
  it('draws the same elements at the same positions at the same moments, and leaves at the same time', async () => {
    const upstream = await navigate(await clientModule('nprogress'), 2500);
    document.body.innerHTML = '';
    const ours = await navigate(await clientModule('ours'), 2500);
    const shape = (s: Seen) => ({ elements: s.elements, position: s.position, fading: s.opacity === '0' });
    expect(ours.map(shape)).toEqual(upstream.map(shape));
    // Nothing for the first 200 ms, then the bar and its peg, as the theme's stylesheet expects.
    expect(upstream[0].elements).toBeNull();
    expect(upstream[2].elements).toBe('bar[role=bar] > peg');
    // Both start at nprogress's minimum and only move forward until the page renders.
    const moving = (seen: Seen[]) => seen.slice(2, 25).map((s) => s.position!);
    for (const positions of [moving(upstream), moving(ours)]) {
      expect(positions[0]).toBeCloseTo(-92);
      for (let i = 1; i < positions.length; i++) expect(positions[i]).toBeGreaterThanOrEqual(positions[i - 1]);
      expect(positions.at(-1)).toBeLessThan(0);
    }
    // Gone once the page rendered and the bar faded.
    expect(upstream.at(-1)!.elements).toBeNull();
  });

  it('shows no bar on a navigation that renders within 200 ms', async () => {
    for (const which of ['nprogress', 'ours'] as const) {
      document.body.innerHTML = '';
      const seen = await navigate(await clientModule(which), 100);
      expect(seen.every((s) => s.elements === null)).toBe(true);
    }
  });
});
