// @vitest-environment happy-dom
// Differential test of the `client-entry` replacement: core's client/clientEntry.js and ours
// (./clientEntry.tsx), bundled with the same stand-ins for the app, the client modules, the route
// preload and `window.docusaurus`, each hydrate the same server-rendered page: without a mismatch,
// into the same DOM, with working controls, after the route preload; and both set
// `window.docusaurus` and `window.docusaurusRoot`.
import React from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bundleAndImport } from '../../../tests/unit/framework/bundle';

// The stand-in app: the location the router gives it, and a button whose click shows hydration.
const APP = `
import '@generated/client-modules';
import React, { useState, useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { events } from '@test/events';
export default function App() {
  const [clicks, setClicks] = useState(0);
  useEffect(() => { events.push('hydrated'); }, []);
  return (
    <main>
      <p>{useLocation().pathname}</p>
      <button type="button" onClick={() => setClicks((n) => n + 1)}>clicked {clicks}</button>
    </main>
  );
}`;

// React and the router stay one copy for the app, the entry and this file's server render.
const EXTERNAL = ['react', 'react-dom', 'react/*', 'react-dom/*', 'react-router-dom'];

const ENTRY = {
  upstream: '@docusaurus/core/lib/client/clientEntry.js',
  ours: `${__dirname}/clientEntry.tsx`,
};

/** Bundles the app stand-in alone, for the server's markup. */
async function serverApp(): Promise<() => React.ReactElement> {
  const { default: App } = await bundleAndImport<{ default: () => React.ReactElement }>(
    `export { default } from '@test/app';`,
    { virtual: appModules(), external: EXTERNAL },
  );
  return App;
}

function appModules(): Record<string, string> {
  return {
    '@test/app': APP,
    '@test/events': 'export const events = globalThis.__entryEvents;',
    '@generated/client-modules': `import { events } from '@test/events'; events.push('client-modules');`,
    '@generated/docusaurus.config': `export default { future: { experimental_router: 'browser' } };`,
  };
}

async function hydrateWith(which: keyof typeof ENTRY): Promise<void> {
  await bundleAndImport(`import '${ENTRY[which]}';`, {
    virtual: appModules(),
    external: EXTERNAL,
    overrides: [
      { file: /@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]App\.js$/, source: `export { default } from '@test/app';` },
      {
        file: /@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]preload\.js$/,
        source: `import { events } from '@test/events';
export default function preload(path) {
  events.push('preload ' + path);
  return new Promise((r) => setTimeout(() => { events.push('preloaded'); r(); }, 50));
}`,
      },
      {
        file: /@docusaurus[\\/]core[\\/]lib[\\/]client[\\/]docusaurus\.js$/,
        source: `export default Object.freeze({ stand: 'in', prefetch() {}, preload() {} });`,
      },
    ],
    // core's entry asks for hot updates when the bundler offers them; this one offers none.
    banner: 'var module = {};',
  });
}

const PATH = '/guides/caf%C3%A9';
let events: string[];

beforeEach(() => {
  events = [];
  (globalThis as unknown as { __entryEvents: string[] }).__entryEvents = events;
  process.env.HYDRATE_CLIENT_ENTRY = 'true';
  window.history.replaceState(null, '', PATH);
});

afterEach(() => {
  delete process.env.HYDRATE_CLIENT_ENTRY;
  delete (window as { docusaurusRoot?: unknown }).docusaurusRoot;
  document.body.innerHTML = '';
});

async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
}

describe('client entry (core 3.10 beside ours)', () => {
  /** The server's page in the document; returns its markup. */
  async function serverPage(): Promise<string> {
    const App = await serverApp();
    const markup = renderToString(
      <StaticRouter location={PATH}>
        <App />
      </StaticRouter>,
    );
    document.body.innerHTML = `<div id="__docusaurus">${markup}</div>`;
    events.length = 0; // the server's bundle ran its own copy of the client modules
    return markup;
  }

  it.each(['upstream', 'ours'] as const)('%s hydrates the server markup after the route preload', async (which) => {
    const markup = await serverPage();
    const button = document.querySelector('button')!;
    const errors = vi.spyOn(console, 'error');

    await hydrateWith(which);
    await until(() => events.includes('hydrated'));

    expect(events).toEqual(['client-modules', `preload ${PATH}`, 'preloaded', 'hydrated']);
    expect(errors).not.toHaveBeenCalled();
    // Hydrated, not rendered again: the server's nodes are the ones the reader sees and uses.
    expect(document.querySelector('button')).toBe(button);
    expect(document.getElementById('__docusaurus')!.innerHTML).toBe(markup);
    expect(window.docusaurus).toMatchObject({ stand: 'in' });
    expect(typeof window.docusaurusRoot?.render).toBe('function');
    button.click();
    await until(() => button.textContent === 'clicked 1');
    expect(button.textContent).toBe('clicked 1');
    errors.mockRestore();
  });

  // The point of ours: the script's own task evaluates nothing but the entry; React DOM, the client
  // modules and the route's modules run in later tasks, so a tap in between is handled in between.
  it('ours leaves the client modules and the route preload to later tasks; core runs them with the script', async () => {
    const tick = () => new Promise((r) => setTimeout(r, 0));
    const errors = vi.spyOn(console, 'error');
    await serverPage();
    await hydrateWith('upstream');
    expect(events).toEqual(['client-modules', `preload ${PATH}`]);
    await until(() => events.includes('hydrated'));
    delete (window as { docusaurusRoot?: unknown }).docusaurusRoot;
    await serverPage();
    await hydrateWith('ours');
    expect(events).toEqual([]);
    await tick();
    await tick();
    expect(events).toEqual(['client-modules']);
    await until(() => events.includes('hydrated'));
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });
});
