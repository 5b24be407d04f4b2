// Stands in for @docusaurus/core's client/clientEntry.js, the browser bundle's entry. The
// original imports React DOM, the client modules, the route table and the app statically, so the
// browser evaluates all of main.js in the one task that runs the script: on the install page that
// task was about 260 ms at a 4x CPU slowdown, the longest of the page's load, and a tap during it
// waits for all of it. This entry does the same work in steps, each a task of its own: React DOM,
// the client modules, the route table, the route's modules, the app, then hydration, which React
// time-slices itself. A tap or a key between two steps is handled between them.
//
// The steps import with `webpackMode: "eager"`: the modules stay in main.js (no extra request),
// and a module runs only when its step imports it. A module imported so keeps all its exports
// (the bundler cannot tell which are used), so the small ones the last step needs (the router,
// the head provider, the site config) are imported as usual. The order and the calls are the
// original's: the client modules first, `window.docusaurus` set, the current route preloaded,
// then the app hydrated in a transition. Swapped in by framework/plugin.ts for the production
// browser build (the dev server keeps core's, which accepts hot updates of itself);
// tests/unit/framework/client-entry.test.tsx bundles both and hydrates the same page with each.
import React, { startTransition, type ReactNode } from 'react';
import { HelmetProvider } from 'react-helmet-async';
import { BrowserRouter, HashRouter } from 'react-router-dom';
import siteConfig from '@generated/docusaurus.config';
import { nextTask } from './deferFirstCall';

async function start(container: Element): Promise<void> {
  // The script's own task compiles main.js and runs the bundler's runtime; React DOM is the next.
  await nextTask();
  const { default: ReactDOM } = await import(/* webpackMode: "eager" */ 'react-dom/client');
  await nextTask();
  // Before the route's modules, as the original's static import of the app runs them first.
  await import(/* webpackMode: "eager" */ '@generated/client-modules');
  await nextTask();
  const [{ default: docusaurus }, { default: preload }] = await Promise.all([
    import(/* webpackMode: "eager" */ '@docusaurus/core/lib/client/docusaurus'),
    import(/* webpackMode: "eager" */ '@docusaurus/core/lib/client/preload'),
  ]);
  window.docusaurus = docusaurus;
  await nextTask();
  // The page's script tags requested the route's chunks; their modules run here, in a task of their own.
  await preload(window.location.pathname);
  await nextTask();
  const { default: App } = await import(/* webpackMode: "eager" */ '@docusaurus/core/lib/client/App');
  await nextTask();
  const Router = ({ children }: { children: ReactNode }) =>
    siteConfig.future.experimental_router === 'hash' ? (
      <HashRouter>{children}</HashRouter>
    ) : (
      <BrowserRouter>{children}</BrowserRouter>
    );
  const app = (
    <HelmetProvider>
      <Router>
        <App />
      </Router>
    </HelmetProvider>
  );
  const onRecoverableError = (error: unknown, errorInfo: unknown) => {
    console.error('Docusaurus React Root onRecoverableError:', error, errorInfo);
  };
  startTransition(() => {
    if (window.docusaurusRoot) {
      window.docusaurusRoot.render(app);
    } else if (process.env.HYDRATE_CLIENT_ENTRY) {
      window.docusaurusRoot = ReactDOM.hydrateRoot(container, app, { onRecoverableError });
    } else {
      const root = ReactDOM.createRoot(container, { onRecoverableError });
      root.render(app);
      window.docusaurusRoot = root;
    }
  });
}

const container = typeof document === 'undefined' ? null : document.getElementById('__docusaurus');
if (container) void start(container);
