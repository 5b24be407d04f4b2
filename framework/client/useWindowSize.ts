// Stands in for @docusaurus/theme-common's useWindowSize (swapped in by framework), with
// one change: the window size the first effect learns is applied in a transition. The server
// renders for an unknown size ('ssr': the desktop sidebar and table of contents beside the mobile
// ones, CSS showing the right ones), and hydration must render the same. The theme's hook then set
// the real size at default priority, so on a phone React unmounted the desktop parts in one
// synchronous render right after hydration: the longest task of a phone's page load. In a
// transition the same render is done in short, interruptible slices; what is on screen does not
// change, since CSS already showed the phone layout. Everything else is the theme's hook.
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
