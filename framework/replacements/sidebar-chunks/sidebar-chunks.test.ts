// ./sidebarChunks.cjs: in the production browser build, each sidebar of the docs
// version is a chunk of its own that fills the version metadata's sidebars when it runs.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type * as Split from './sidebarChunks.cjs';

const require = createRequire(import.meta.url);
const split = require('./sidebarChunks.cjs') as typeof Split;

const install = [{ type: 'link', label: 'Introduction', href: '/' }];
const guides = [
  { type: 'category', label: 'Tutorial', items: [{ type: 'link', label: 'Sign in', href: '/guides/x' }] },
];
const METADATA = JSON.stringify({
  version: { version: 'current', label: 'Next', docsSidebars: { install, guides }, docs: {} },
});

/** Runs generated modules: `import { loadedSidebars } from …` gets the given store. */
function run(code: string, store: Record<string, unknown>): unknown {
  const body = code.replace(/^import \{ loadedSidebars \} from "[^"]+";\n/, '').replace('export default ', 'return ');
  const module = new Function('loadedSidebars', body) as (loadedSidebars: Record<string, unknown>) => unknown;
  return module(store);
}

describe('sidebar chunks', () => {
  it('reads the sidebar a request asks for', () => {
    expect(split.requestedSidebar('?sidebar=guides')).toBe('guides');
    expect(split.requestedSidebar('?sidebar=my%20docs')).toBe('my docs');
    expect(split.requestedSidebar('')).toBeUndefined();
    expect(split.requestedSidebar('?article')).toBeUndefined();
    expect(split.sidebarNames(METADATA)).toEqual(['install', 'guides']);
    expect(split.sidebarNames('{"other":1}')).toBeNull();
  });

  it("gives the metadata the store as its sidebars, and each sidebar's module fills it", () => {
    const store: Record<string, unknown> = {};
    const metadata = run(
      split.metadataModule(METADATA, '/site/framework/replacements/sidebar-chunks/sidebarStore.ts'),
      store,
    ) as {
      version: { docsSidebars: unknown; label: string };
    };
    expect(metadata.version.docsSidebars).toBe(store);
    expect(metadata.version.label).toBe('Next');
    expect(split.metadataModule(METADATA, '/store.ts')).not.toContain('Sign in');
    run(split.sidebarModule(METADATA, 'guides', '/store.ts'), store);
    expect(store).toEqual({ guides });
    run(split.sidebarModule(METADATA, 'install', '/store.ts'), store);
    expect(metadata.version.docsSidebars).toEqual({ guides, install });
    expect(() => split.sidebarModule(METADATA, 'missing', '/store.ts')).toThrow('no sidebar "missing"');
    // A file that is not a version's metadata stays as it is.
    expect(run(split.metadataModule('{"other":1}', '/store.ts'), {})).toEqual({ other: 1 });
  });

  it('lists the import of every sidebar for the route preload', () => {
    const code = split.sidebarChunksModule('/site/.docusaurus/p/index.json', ['install', 'my docs']);
    expect(code).toBe(
      'export default {\n' +
        '  "install": () => import(/* webpackChunkName: "sidebar-install" */ "/site/.docusaurus/p/index.json?sidebar=install"),\n' +
        '  "my docs": () => import(/* webpackChunkName: "sidebar-my_docs" */ "/site/.docusaurus/p/index.json?sidebar=my%20docs"),\n' +
        '};\n',
    );
  });
});
