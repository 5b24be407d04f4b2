// The bench's floor: a stock Docusaurus site (classic preset and the Mermaid theme, docs at the
// root, the same Docusaurus version and Rspack build as this repo, no swizzles, plugins or custom
// code) holding copies of the Markdown of the pages the bench measures, at the same paths. Built
// from this repo's node_modules and measured under exactly the same conditions, it shows what the
// framework alone makes of the same content on the machine at hand.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

const CONFIG = `export default {
  title: 'Stock Docusaurus baseline',
  url: 'http://127.0.0.1',
  baseUrl: '/',
  // Only the measured pages are copied: links to the rest of the site have nowhere to go.
  onBrokenLinks: 'ignore',
  onBrokenAnchors: 'ignore',
  markdown: { mermaid: true, hooks: { onBrokenMarkdownLinks: 'ignore' } },
  themes: ['@docusaurus/theme-mermaid'],
  future: { faster: true, v4: { removeLegacyPostBuildHeadAttribute: true } },
  presets: [['classic', { docs: { routeBasePath: '/' }, blog: false }]],
  themeConfig: { navbar: { title: 'Baseline', items: [{ type: 'docSidebar', sidebarId: 'defaultSidebar', label: 'Docs' }] } },
};
`;

/** The Markdown source of the doc at `route` under `docsDir`: `route.md(x)` or `route/index.md(x)`. */
export function sourceOfRoute(docsDir: string, route: string, homeDoc: string): string {
  const base = route === '/' ? homeDoc : route.replace(/^\//, '');
  for (const candidate of [`${base}.md`, `${base}.mdx`, `${base}/index.md`, `${base}/index.mdx`]) {
    if (existsSync(join(docsDir, candidate))) return candidate;
  }
  throw new Error(`No Markdown source for ${route} under ${docsDir}`);
}

/**
 * Writes the baseline site under `dir` with copies of the docs at `routes` and builds it; returns
 * the build directory. `homeDoc` is the doc that carries `slug: /`.
 */
export function buildStockSite(dir: string, routes: readonly string[], env: NodeJS.ProcessEnv, homeDoc = 'intro'): string {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'docs'), { recursive: true });
  symlinkSync(resolve('node_modules'), join(dir, 'node_modules'), 'dir');
  writeFileSync(join(dir, 'docusaurus.config.mjs'), CONFIG);
  for (const route of new Set(routes)) {
    const source = sourceOfRoute('docs', route, homeDoc);
    mkdirSync(dirname(join(dir, 'docs', source)), { recursive: true });
    copyFileSync(join('docs', source), join(dir, 'docs', source));
  }
  const build = spawnSync('npx', ['docusaurus', 'build'], { cwd: dir, env, stdio: 'ignore' });
  if (build.status !== 0) throw new Error(`The stock Docusaurus baseline failed to build (exit ${build.status}).`);
  return join(dir, 'build');
}
