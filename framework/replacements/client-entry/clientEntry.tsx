// Stands in for @docusaurus/core's client/clientEntry.js in the production browser build: the same
// calls in the same order (client modules, `window.docusaurus`, the route preload, hydration in a
// transition), each step in a task of its own, so that main.js is not evaluated in one long task.
// The steps import eagerly, so nothing leaves main.js; the small modules the last step needs are
// imported as usual. Why: maintainers/decisions/2026-11-27-main-thread-tasks.md.
import React, { startTransition, type ReactNode } from 'react';
import { HelmetProvider } from 'react-helmet-async';
import { BrowserRouter, HashRouter } from 'react-router-dom';
import siteConfig from '@generated/docusaurus.config';
/** Resolves in a task of its own, after the one running now. */
const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

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
