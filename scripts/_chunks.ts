import { chromium } from '@playwright/test';
import { createStaticServer, listen } from './static-server';
import { readFileSync } from 'node:fs';
(async () => {
  const server = createStaticServer({ root: 'build-bench' });
  await listen(server, 4391);
  const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  for (const path of ['/', '/releases/2025-03', '/guides/data-testing/rule-recon']) {
    const p = await b.newPage();
    await p.addInitScript(() => localStorage.setItem('id_token', 'e30.' + btoa(JSON.stringify({ exp: 4102444800, aud: 'x' })).replace(/=+$/, '') + '.c2ln'));
    const rows: [string, number][] = [];
    p.on('requestfinished', async (r) => { if (['script', 'stylesheet'].includes(r.resourceType())) rows.push([r.url().replace(/.*\/assets\//, ''), (await r.sizes()).responseBodySize]); });
    await p.goto('http://127.0.0.1:4391' + path, { waitUntil: 'networkidle' });
    await p.waitForTimeout(500);
    rows.sort((a, b) => b[1] - a[1]);
    console.log(path, 'total KiB', (rows.reduce((a, r) => a + r[1], 0) / 1024).toFixed(1));
    for (const [u, s] of rows.slice(0, 8)) {
      const body = readFileSync('build-bench/assets/' + u, 'utf8');
      const kinds = ['mermaid', 'cytoscape', 'dagre', 'DOMPurify', 'katex', 'Prism', 'react-dom'].filter((k) => body.includes(k));
      console.log(String((s / 1024).toFixed(1)).padStart(7), u, kinds.join(','));
    }
    await p.close();
  }
  await b.close(); server.close();
})();
