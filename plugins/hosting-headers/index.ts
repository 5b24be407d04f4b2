import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Plugin, PluginModule } from '@docusaurus/types';
import { headerRules, toNetlifyHeadersFile, type HostingInputs } from '../../config/hosting';

/** Every inline <script> body in the built HTML (the CSP allows exactly these by hash). */
export async function collectInlineScripts(outDir: string): Promise<string[]> {
  const bodies = new Set<string>();
  const files = (await readdir(outDir, { recursive: true })).filter((file) => file.endsWith('.html'));
  for (const file of files) {
    const html = await readFile(join(outDir, file), 'utf8');
    for (const m of html.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>([\s\S]*?)<\/script>/g)) {
      // Data blocks (JSON-LD breadcrumbs) are never executed, so CSP does not need them.
      // The minified HTML may leave attribute values unquoted.
      const type = /\stype=["']?([^"'\s>]+)/.exec(m[1])?.[1];
      if (type && !/^(text\/javascript|module)$/.test(type)) continue;
      if (m[2].trim()) bodies.add(m[2]);
    }
  }
  return [...bodies];
}

/** robots.txt pointing crawlers at this build's own sitemap (the URL differs on previews). */
export function robotsTxt(siteUrl: string): string {
  return `User-agent: *\nAllow: /\nDisallow: /login/\n\nSitemap: ${siteUrl}/sitemap.xml\n`;
}

/** Writes Netlify's `_headers` (from config/hosting.ts) and robots.txt into the build output. */
export default function hostingHeadersPlugin(inputs: Omit<HostingInputs, 'inlineScripts'>): PluginModule {
  return (): Plugin => ({
    name: 'veriq-hosting-headers',
    async postBuild({ outDir, siteConfig }) {
      await writeFile(join(outDir, 'robots.txt'), robotsTxt(siteConfig.url));
      const inlineScripts = await collectInlineScripts(outDir);
      await writeFile(join(outDir, '_headers'), toNetlifyHeadersFile(headerRules({ ...inputs, inlineScripts })));
    },
  });
}
