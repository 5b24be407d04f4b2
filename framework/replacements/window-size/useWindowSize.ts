// Stands in for @docusaurus/theme-common's useWindowSize with one change: the size the first effect
// learns is applied in a transition, so that a phone's switch from the server's layout to its own
// after hydration is no long task (maintainers/decisions/2026-11-27-main-thread-tasks.md). What is
// on screen does not change: CSS already showed the phone layout.
import { startTransition, useEffect, useState } from 'react';

export type WindowSize = 'desktop' | 'mobile' | 'ssr';

// The theme's breakpoint, which Infima's CSS hard-codes too.
const DESKTOP_BREAKPOINT = 996;

export function windowSizeOf(innerWidth: number, desktopBreakpoint = DESKTOP_BREAKPOINT): 'desktop' | 'mobile' {
  return innerWidth > desktopBreakpoint ? 'desktop' : 'mobile';
}

export function useWindowSize({
  desktopBreakpoint = DESKTOP_BREAKPOINT,
}: { desktopBreakpoint?: number } = {}): WindowSize {
  // A constant first value, as the theme's: the server cannot know the size, and hydration must match.
  const [windowSize, setWindowSize] = useState<WindowSize>('ssr');
  useEffect(() => {
    function updateWindowSize() {
      const size = windowSizeOf(window.innerWidth, desktopBreakpoint);
      startTransition(() => setWindowSize(size));
    }
    updateWindowSize();
    window.addEventListener('resize', updateWindowSize);
    return () => window.removeEventListener('resize', updateWindowSize);
  }, [desktopBreakpoint]);
  return windowSize;
}
