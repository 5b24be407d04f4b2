// @vitest-environment happy-dom
// Differential test of the `window-size` replacement (./useWindowSize.ts):
// theme-common's useWindowSize and ours, rendered in the same component through the same widths
// and resizes, report the same sizes once React has settled (ours applies them in a transition,
// which changes when React renders, not what).
import React, { act } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { useWindowSize as ours, windowSizeOf } from './useWindowSize';
import { bundleAndImport } from '../../../tests/unit/framework/bundle';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Hook = (options?: { desktopBreakpoint?: number }) => string;

async function themeHook(): Promise<Hook> {
  // The package's exports hide the file: bundled from its path beside the entry point.
  const file = require.resolve('@docusaurus/theme-common').replace(/index\.js$/, 'hooks/useWindowSize.js');
  const { useWindowSize } = await bundleAndImport<{ useWindowSize: Hook }>(`export { useWindowSize } from '${file}';`, {
    virtual: { '@docusaurus/ExecutionEnvironment': 'export default { canUseDOM: true };' },
  });
  return useWindowSize;
}

async function sizesSeen(hook: Hook, widths: number[], desktopBreakpoint?: number): Promise<string[]> {
  const seen: string[] = [];
  function Probe() {
    seen.push(hook(desktopBreakpoint ? { desktopBreakpoint } : undefined));
    return null;
  }
  const container = document.createElement('div');
  const root = createRoot(container);
  const settled: string[] = [];
  window.innerWidth = widths[0]!;
  await act(async () => root.render(<Probe />));
  settled.push(seen.at(-1)!);
  for (const width of widths.slice(1)) {
    window.innerWidth = width;
    await act(async () => window.dispatchEvent(new Event('resize')));
    settled.push(seen.at(-1)!);
  }
  await act(async () => root.unmount());
  // The first render is the server's value, whatever the width, so hydration matches.
  expect(seen[0]).toBe('ssr');
  return settled;
}

describe("the window size (theme-common's hook beside ours)", () => {
  it('settles on the same size at each width and resize', async () => {
    const theme = await themeHook();
    const widths = [412, 996, 997, 1280, 800];
    expect(await sizesSeen(ours, widths)).toEqual(await sizesSeen(theme, widths));
    expect(await sizesSeen(theme, widths)).toEqual(['mobile', 'mobile', 'desktop', 'desktop', 'mobile']);
    expect(await sizesSeen(ours, [1200, 1400], 1280)).toEqual(await sizesSeen(theme, [1200, 1400], 1280));
  });
});

describe('window size', () => {
  it('tells desktop from mobile at the theme breakpoint', () => {
    expect(windowSizeOf(997)).toBe('desktop');
    expect(windowSizeOf(996)).toBe('mobile');
    expect(windowSizeOf(412)).toBe('mobile');
    expect(windowSizeOf(1200, 1280)).toBe('mobile');
  });
});
