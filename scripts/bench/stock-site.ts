// The bench's baseline: a stock Docusaurus site (classic preset, docs at the root, the same
// Docusaurus version and Rspack build as this repo, no swizzles, plugins or custom code),
// built from this repo's node_modules and measured under exactly the same conditions. It
// shows how much of a figure is the framework's own floor on the machine at hand.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const PAGES = 10;

const config = `export default {
  title: 'Stock Docusaurus baseline',
  url: 'http://127.0.0.1',
  baseUrl: '/',
  future: { experimental_faster: true, v4: { removeLegacyPostBuildHeadAttribute: true } },
  presets: [['classic', { docs: { routeBasePath: '/' }, blog: false }]],
  themeConfig: { navbar: { title: 'Baseline', items: [{ type: 'doc', docId: 'index', label: 'Docs' }] } },
};
`;

function page(n: number): string {
  const next = n + 1 < PAGES ? `\n\nNext: [baseline page ${n + 2}](./page-${n + 1}).` : '';
  return `---
${n === 0 ? 'slug: /\n' : ''}title: Baseline page ${n + 1}
---

This site exists only for \`npm run bench\`. It is what a new Docusaurus site looks like before
anyone customises it: the classic theme, a docs sidebar and plain Markdown pages.

## What it measures

The bench serves it with the same headers and compression as the Veriq site and measures it
with the same Chromium and Lighthouse settings. The difference between the two sites is what
Veriq's own components, content and configuration add to the framework.

## What it leaves out

- search, sign-in and the access gate;
- code blocks, diagrams and tables;
- custom styles.${next}
`;
}

/** Writes the baseline site under `dir` and builds it; returns the build directory. */
export function buildStockSite(dir: string, env: NodeJS.ProcessEnv): string {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'docs'), { recursive: true });
  symlinkSync(resolve('node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, 'docusaurus.config.mjs'), config);
  for (let n = 0; n < PAGES; n++) writeFileSync(join(dir, 'docs', n === 0 ? 'index.md' : `page-${n}.md`), page(n));
  const build = spawnSync('npx', ['docusaurus', 'build'], { cwd: dir, env, stdio: 'ignore' });
  if (build.status !== 0) throw new Error(`The stock Docusaurus baseline failed to build (exit ${build.status}).`);
  return join(dir, 'build');
}
