import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createStaticServer, listen } from '../../server/node/siteServer';

// Two builds served by one process, as the e2e suite serves its variants: same path, same length.
const page = (build: string) => `<!doctype html><title>${build}</title><p>${'x'.repeat(4000)}</p>\n`;
const roots = ['build-a', 'build-b'].map((build) => {
  const root = mkdtempSync(join(tmpdir(), 'static-server-'));
  writeFileSync(join(root, 'index.html'), page(build));
  return { build, root, server: createStaticServer({ root }) };
});

afterAll(() => {
  for (const { root, server } of roots) {
    server.close();
    rmSync(root, { recursive: true, force: true });
  }
});

describe('static server compression (server/node/siteServer)', () => {
  it('serves each build its own compressed file when two share a path and a length', async () => {
    for (const { server } of roots) await listen(server, 0);
    for (let round = 0; round < 2; round++) {
      for (const { build, server } of roots) {
        const { port } = server.address() as AddressInfo;
        const response = await fetch(`http://127.0.0.1:${port}/`, { headers: { 'Accept-Encoding': 'br' } });
        expect(response.headers.get('Content-Encoding')).toBe('br');
        expect(await response.text()).toBe(page(build));
      }
    }
  });
});
