// What the PDF books read from a built site: its public URL, its stylesheet and the client id a
// stored sign-in must name for guides to render.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULTS } from '../../config/env';
import { readGateManifest } from '../../server/node/readGateManifest';

/** The site's URL as the build wrote it into sitemap.xml (SITE_URL at build time). */
export function siteUrlOf(buildDir: string): string {
  const sitemap = join(buildDir, 'sitemap.xml');
  const loc = existsSync(sitemap) ? /<loc>(https?:\/\/[^<]+)<\/loc>/.exec(readFileSync(sitemap, 'utf8')) : null;
  return loc ? new URL(loc[1]).origin : DEFAULTS.siteUrl;
}

/** The root-relative URL of the build's stylesheet, as its pages link it. */
export function stylesheetOf(buildDir: string): string {
  const html = readFileSync(join(buildDir, 'index.html'), 'utf8');
  const link = /<link[^>]*rel=["']?stylesheet["']?[^>]*>/.exec(html)?.[0];
  const href = link && /href=["']?([^"' >]+)/.exec(link)?.[1];
  if (!href) throw new Error(`${buildDir}/index.html links no stylesheet`);
  return href;
}

/**
 * An id token the site's client accepts (the build's client id, not yet expired). Nothing checks
 * its signature in the browser, and the tool serves the build without the gate, so it only
 * tells the pages to render guides as for a signed-in reader.
 */
export function readerToken(buildDir: string, nowMs = Date.now()): string {
  const { identity } = readGateManifest(buildDir);
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const payload = { sub: 'pdf-books', aud: identity?.clientId ?? 'pdf-books', exp: Math.floor(nowMs / 1000) + 3600 };
  return `${b64({ alg: 'none', typ: 'JWT' })}.${b64(payload)}.unsigned`;
}
