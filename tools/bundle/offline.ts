// Makes a copy of a build fit for the offline bundle, where no request may leave the machine:
// - the Tag Manager's tags leave every page (a build made with GTM_CONTAINER_ID; only builds made
//   elsewhere have them, `npm run bundle` builds without), and nothing else on a page may make the
//   browser fetch from another host;
// - a build whose search or scripts need another host (TYPESENSE_HOST) is refused;
// - the Content-Security-Policy is written anew for what the pages now hold: 'self' and the
//   inline scripts' hashes only, no reporting endpoint; Strict-Transport-Security goes (the
//   bundle is served on plain http or behind the operator's own TLS, which decides it).
// Both copies of the headers change: `_headers` (files) and the gate manifest's (the gate's answers).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Parser } from 'htmlparser2';
import { contentSecurityPolicy, parseNetlifyHeadersFile, toNetlifyHeadersFile } from '../../config/hosting';
import { collectInlineScripts } from '../../plugins/hosting-headers';
import { MANIFEST_PATH, parseManifest } from '../../server/guide-gate/manifest';
import { listFiles } from '../lib/listFiles';

const TAG_MANAGER_HOST = 'www.googletagmanager.com';
/** The Tag Manager's (and Analytics') sources in the build's policy: they leave with its tags. */
const TAG_MANAGER_SOURCE =
  /^https:\/\/([\w*-]+\.)*(googletagmanager\.com|google-analytics\.com|analytics\.google\.com)$/;

/** The three tags @docusaurus/plugin-google-tag-manager writes (minified or not). */
const TAG_MANAGER_TAGS = [
  /<link\b[^>]*\bhref=["']?https:\/\/www\.googletagmanager\.com\/?["']?[^>]*>/gi,
  /<script\b[^>]*>(?:(?!<\/script>)[\s\S])*?googletagmanager\.com\/gtm\.js(?:(?!<\/script>)[\s\S])*?<\/script>/gi,
  /<noscript>(?:(?!<\/noscript>)[\s\S])*?googletagmanager\.com\/ns\.html(?:(?!<\/noscript>)[\s\S])*?<\/noscript>/gi,
];

/** Removes the Tag Manager from one page; null when it had none. */
export function withoutTagManager(html: string): string | null {
  if (!html.includes(TAG_MANAGER_HOST)) return null;
  const out = TAG_MANAGER_TAGS.reduce((page, tag) => page.replace(tag, ''), html);
  if (out.includes(TAG_MANAGER_HOST)) throw new Error(`a Tag Manager tag of an unknown shape is left`);
  return out;
}

const FETCHING_LINKS =
  /\b(stylesheet|preload|modulepreload|prefetch|preconnect|dns-prefetch|icon|apple-touch-icon|manifest)\b/i;
const SOURCE_ATTRIBUTES: Record<string, string[]> = {
  script: ['src'],
  img: ['src', 'srcset'],
  iframe: ['src'],
  frame: ['src'],
  source: ['src', 'srcset'],
  video: ['src', 'poster'],
  audio: ['src'],
  track: ['src'],
  embed: ['src'],
  object: ['data'],
  input: ['src'],
};

/** URLs on another host that a page makes the browser fetch by itself (not links a reader follows). */
export function externalFetches(html: string): string[] {
  const found: string[] = [];
  const external = (value: string) =>
    value
      .split(',')
      .map((candidate) => candidate.trim().split(/\s+/)[0])
      .filter((url) => /^(https?:)?\/\//i.test(url));
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name === 'link') {
        if (FETCHING_LINKS.test(attributes.rel ?? '') && attributes.href) found.push(...external(attributes.href));
        return;
      }
      for (const attribute of SOURCE_ATTRIBUTES[name] ?? []) {
        const value = attributes[attribute];
        if (value) found.push(...external(value));
      }
    },
  });
  parser.write(html);
  parser.end();
  return found;
}

/** Every host source of a policy's directives (not 'self', hashes, data: or 'none'). */
export function policyHosts(policy: string): string[] {
  return policy
    .split(';')
    .flatMap((directive) => {
      const [name, ...sources] = directive.trim().split(/\s+/);
      // Reports are not fetches the pages make; the new policy drops them anyway.
      if (name === 'report-uri' || name === 'report-to') return [];
      return sources.filter((s) => !s.startsWith("'") && !/^(data|blob):$/.test(s));
    })
    .filter((s, i, all) => all.indexOf(s) === i);
}

export interface OfflineResult {
  /** Pages the Tag Manager was removed from. */
  tagManagerPages: number;
  /** The new Content-Security-Policy. */
  policy: string;
}

/** Makes the build at `site` (a copy: it is changed in place) fit for the offline bundle. */
export async function makeOffline(
  site: string,
  options: { log?: (line: string) => void; source?: string } = {},
): Promise<OfflineResult> {
  const log = options.log ?? (() => {});
  /** The build as the messages name it: the folder it was copied from. */
  const source = options.source ?? site;
  const manifestFile = join(site, MANIFEST_PATH);
  const raw = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, unknown>;
  const manifest = parseManifest(raw);
  const built = manifest.securityHeaders['Content-Security-Policy'];
  const needed = policyHosts(built).filter((host) => !TAG_MANAGER_SOURCE.test(host));
  if (needed.length > 0) {
    throw new Error(
      `${source} was built to reach ${needed.join(', ')} (TYPESENSE_HOST?): an offline bundle cannot. Rebuild without it (npm run bundle builds its own).`,
    );
  }

  const pages = listFiles(site, /\.html$/);
  let tagManagerPages = 0;
  const fetches = new Set<string>();
  for (const page of pages) {
    const html = readFileSync(page, 'utf8');
    let offline: string | null;
    try {
      offline = withoutTagManager(html);
    } catch (error) {
      throw new Error(`${page}: ${(error as Error).message}`);
    }
    if (offline !== null) {
      writeFileSync(page, offline);
      tagManagerPages++;
    }
    for (const url of externalFetches(offline ?? html)) fetches.add(`${url} (${page.slice(site.length + 1)})`);
  }
  if (tagManagerPages > 0) {
    log(
      `warning: ${source} was built with GTM_CONTAINER_ID: the Tag Manager was taken out of ${tagManagerPages} pages`,
    );
  }
  if (fetches.size > 0) {
    throw new Error(`pages of ${source} fetch from other hosts: ${[...fetches].slice(0, 5).join(', ')}`);
  }

  const policy = contentSecurityPolicy({
    typesenseHost: null,
    gtm: false,
    inlineScripts: await collectInlineScripts(site),
    cspReportUrl: null,
  });
  const strict = (headers: Record<string, string>) => {
    const out = { ...headers };
    if ('Content-Security-Policy' in out) out['Content-Security-Policy'] = policy;
    delete out['Strict-Transport-Security'];
    delete out['Reporting-Endpoints'];
    return out;
  };
  const headersFile = join(site, '_headers');
  const rules = parseNetlifyHeadersFile(readFileSync(headersFile, 'utf8')).map((rule) => ({
    ...rule,
    headers: strict(rule.headers),
  }));
  if (!rules.some((rule) => rule.headers['Content-Security-Policy'] === policy)) {
    throw new Error(`${headersFile} sets no Content-Security-Policy: rebuild the site.`);
  }
  writeFileSync(headersFile, toNetlifyHeadersFile(rules));
  writeFileSync(
    manifestFile,
    JSON.stringify({ ...raw, securityHeaders: strict(manifest.securityHeaders) }, null, 2) + '\n',
  );
  return { tagManagerPages, policy };
}
