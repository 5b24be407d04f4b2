// `npm start` serves /mcp and the dev gate: the plugin's dev-server middleware must survive
// Docusaurus merging its own `setupMiddlewares` with the plugin's (webpack-merge, as
// @docusaurus/core does), behind the dev server's own security checks.
import { createServer, request } from 'node:http';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { devMiddleware } from '../../server/node/devMiddleware';

// The webpack-merge that @docusaurus/core itself resolves.
const fromCore = createRequire(createRequire(import.meta.url).resolve('@docusaurus/core/package.json'));
const { merge } = fromCore('webpack-merge') as {
  merge: (configs: object[]) => { setupMiddlewares: (m: unknown[], s: unknown) => unknown[] };
};

describe('the dev gate and MCP middleware', () => {
  it('comes once, after the dev server host and cross-origin checks, before what it serves', () => {
    const docusaurus = { setupMiddlewares: (m: unknown[]) => (m.unshift('evalSourceMap'), m) };
    const merged = merge([docusaurus, { setupMiddlewares: devMiddleware(() => null) }]);
    const own = [{ name: 'host-header-check' }, { name: 'cross-origin-header-check' }, 'static', 'history'];
    const list = merged.setupMiddlewares(own, {});
    expect(list.map((m) => (typeof m === 'string' ? m : (m as { name: string }).name))).toEqual([
      'evalSourceMap',
      'host-header-check',
      'cross-origin-header-check',
      'veriq-gate-and-mcp',
      'static',
      'history',
    ]);
  });
});

describe('a dev answer', () => {
  it('keeps every cookie it sets (sign-out clears the session and the login cookie)', async () => {
    const answer = new Headers();
    answer.append('Set-Cookie', 'veriq_session=; Path=/; Max-Age=0');
    answer.append('Set-Cookie', 'veriq_login=; Path=/; Max-Age=0');
    const list: { middleware: (req: unknown, res: unknown, next: () => void) => void }[] = [];
    devMiddleware(() => () => Promise.resolve(new Response(null, { status: 204, headers: answer })))(list, {});
    const server = createServer((req, res) => list[0].middleware(req, res, () => res.end()));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', () => done()));
    const { port } = server.address() as { port: number };
    const cookies = await new Promise<string[] | undefined>((done, fail) => {
      const req = request({ host: '127.0.0.1', port, method: 'DELETE', path: '/_auth/session' }, (res) => {
        res.resume();
        done(res.headers['set-cookie']);
      });
      req.on('error', fail);
      req.end();
    });
    server.close();
    expect(cookies).toEqual(['veriq_session=; Path=/; Max-Age=0', 'veriq_login=; Path=/; Max-Age=0']);
  });
});
