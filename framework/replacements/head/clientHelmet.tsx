// The browser build's react-helmet-async (./wiring.ts aliases the package for the browser only):
// the `Helmet` that core's @docusaurus/Head renders and the `HelmetProvider` its client entry wraps
// the app in, without the library's server rendering. Like react-helmet-async in a browser, one
// list of mounted <Head>s for the page; a change is written at the next animation frame, after the
// commit that caused it.
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { applyHead } from './applyHead';
import { headPropsOf, reduceHead, type HeadProps } from './headState';

interface Mounted {
  props: HeadProps;
}

// In mount order. <Head> renders nothing, so layout effects (children before parents, siblings
// in order) mount the <Head>s of a new page in document order, as react-helmet-async, which
// registers each when it first renders.
const mounted: Mounted[] = [];
let frame = 0;

function scheduleWrite(): void {
  cancelAnimationFrame(frame);
  frame = requestAnimationFrame(() => applyHead(document, reduceHead(mounted.map((entry) => entry.props))));
}

export function Helmet({ children, ...props }: HeadProps & { children?: ReactNode }): null {
  const entry = useRef<Mounted | null>(null);
  const headProps = headPropsOf(props, children);
  useLayoutEffect(() => {
    const self: Mounted = { props: headProps };
    entry.current = self;
    mounted.push(self);
    return () => {
      mounted.splice(mounted.indexOf(self), 1);
      entry.current = null;
      scheduleWrite();
    };
    // Registered once per mount; the effect below follows the props.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useLayoutEffect(() => {
    if (entry.current) entry.current.props = headProps;
    scheduleWrite();
  });
  return null;
}

export function HelmetProvider({ children }: { children?: ReactNode }): ReactNode {
  return children;
}
