// `npm start` serves /mcp: the plugin's dev-server middleware must survive Docusaurus merging its
// own `setupMiddlewares` with the plugin's (webpack-merge, as @docusaurus/core does).
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { devMiddleware } from '../../plugins/mcp-data/devMiddleware';

// The webpack-merge that @docusaurus/core itself resolves.
const fromCore = createRequire(createRequire(import.meta.url).resolve('@docusaurus/core/package.json'));
const { merge } = fromCore('webpack-merge') as {
  merge: (configs: object[]) => { setupMiddlewares: (m: unknown[], s: unknown) => unknown[] };
};

describe('the MCP dev middleware', () => {
  it('comes first, once, beside the dev server own middlewares', () => {
    const docusaurus = { setupMiddlewares: (m: unknown[]) => (m.unshift('evalSourceMap'), m) };
    const merged = merge([docusaurus, { setupMiddlewares: devMiddleware(() => null) }]);
    const list = merged.setupMiddlewares(['static', 'history'], {});
    expect(list.map((m) => (typeof m === 'string' ? m : (m as { name: string }).name))).toEqual([
      'veriq-mcp',
      'evalSourceMap',
      'static',
      'history',
    ]);
  });
});
