// The offline bundle's copy of a build (tools/bundle/offline.ts): no Tag Manager, nothing fetched
// from another host, a policy of 'self' and the inline scripts' hashes, no HSTS.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  headerRules,
  parseNetlifyHeadersFile,
  scriptHash,
  securityHeaders,
  toNetlifyHeadersFile,
} from '../../config/hosting';
import { externalFetches, makeOffline, policyHosts, withoutTagManager } from '../../tools/bundle/offline';

// The tags as a GTM build writes them (minified HTML, unquoted attributes).
const GTM_HEAD =
  '<link rel=preconnect href=https://www.googletagmanager.com>' +
  '<script>window.dataLayer=window.dataLayer||[],function(){function a(){var o=document.createElement("script");o.src="https://www.googletagmanager.com/gtm.js?id=GTM-E2ETEST"}a()}()</script>';
const GTM_BODY =
  '<noscript><iframe src="https://www.googletagmanager.com/ns.html?id=GTM-E2ETEST" height=0 width=0 style=display:none;visibility:hidden></iframe></noscript>';
const OWN_SCRIPT = 'document.documentElement.dataset.x="1"';
const page = (head: string, body: string) =>
  `<!doctype html><html><head><meta charset=UTF-8>${head}<script>${OWN_SCRIPT}</script></head><body>${body}<div id=__docusaurus><a href=https://support.veriq.io>Support</a></div></body></html>`;

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A build folder as plugins/hosting-headers and plugins/guide-gate leave it. */
function build(options: { gtm: boolean; typesenseHost?: string }): string {
  const site = mkdtempSync(join(tmpdir(), 'bundle-offline-'));
  made.push(site);
  const html = options.gtm ? page(GTM_HEAD, GTM_BODY) : page('', '');
  writeFileSync(join(site, 'index.html'), html);
  mkdirSync(join(site, 'guides'));
  writeFileSync(join(site, 'guides', 'concept.html'), html);
  const inputs = {
    typesenseHost: options.typesenseHost ?? null,
    gtm: options.gtm,
    inlineScripts: [OWN_SCRIPT],
    cspReportUrl: 'https://csp.example.com/report',
  };
  writeFileSync(join(site, '_headers'), toNetlifyHeadersFile(headerRules(inputs)));
  mkdirSync(join(site, '.gate'));
  const manifest = {
    guideChunks: ['/assets/js/1.a.js'],
    securityHeaders: securityHeaders(inputs),
    identity: null,
    open: true,
  };
  writeFileSync(join(site, '.gate', 'manifest.json'), JSON.stringify(manifest));
  return site;
}

describe('the offline copy of a build', () => {
  it('loses the three Tag Manager tags and nothing else', () => {
    expect(withoutTagManager(page(GTM_HEAD, GTM_BODY))).toBe(page('', ''));
    expect(withoutTagManager(page('', ''))).toBeNull();
    expect(() => withoutTagManager(page('<img src=https://www.googletagmanager.com/x.gif>', ''))).toThrow(
      /unknown shape/,
    );
  });

  it('finds what a page fetches from other hosts, not the links it shows', () => {
    expect(externalFetches(page(GTM_HEAD, ''))).toEqual(['https://www.googletagmanager.com']);
    expect(
      externalFetches(
        '<link rel=canonical href=https://docs.veriq.io/><link rel="alternate" href="https://docs.veriq.io/x.md">' +
          '<a href=https://support.veriq.io>x</a><link rel=stylesheet href=/assets/css/a.css><img src=/img/logo.svg>' +
          '<img srcset="/a.png 1x, //cdn.example.com/b.png 2x"><script src="https://cdn.example.com/x.js"></script>' +
          '<link rel="icon" href="https://cdn.example.com/favicon.ico">',
      ),
    ).toEqual(['//cdn.example.com/b.png', 'https://cdn.example.com/x.js', 'https://cdn.example.com/favicon.ico']);
  });

  it("reads the hosts of a policy's sources", () => {
    expect(
      policyHosts(
        "default-src 'self'; script-src 'self' 'sha256-x' https://www.googletagmanager.com; img-src 'self' data:; report-uri https://csp.example.com",
      ),
    ).toEqual(['https://www.googletagmanager.com']);
  });

  it('serves a policy of its own scripts only, without reporting or HSTS, from both copies of the headers', async () => {
    const site = build({ gtm: true });
    const result = await makeOffline(site);
    expect(result.tagManagerPages).toBe(2);
    expect(readFileSync(join(site, 'index.html'), 'utf8')).toBe(page('', ''));
    expect(result.policy).toBe(
      `default-src 'self'; script-src 'self' ${scriptHash(OWN_SCRIPT)}; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; frame-src 'none'; manifest-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'`,
    );
    const rules = parseNetlifyHeadersFile(readFileSync(join(site, '_headers'), 'utf8'));
    expect(rules.map((r) => r.path)).toEqual(['/*', '/assets/*', '/img/*', '/*.md', '/releases/feed.xml']);
    const all = rules[0].headers;
    expect(all['Content-Security-Policy']).toBe(result.policy);
    expect(all).not.toHaveProperty('Strict-Transport-Security');
    expect(all).not.toHaveProperty('Reporting-Endpoints');
    expect(all['X-Frame-Options']).toBe('DENY');
    const manifest = JSON.parse(readFileSync(join(site, '.gate', 'manifest.json'), 'utf8')) as {
      securityHeaders: Record<string, string>;
      guideChunks: string[];
    };
    expect(manifest.securityHeaders['Content-Security-Policy']).toBe(result.policy);
    expect(manifest.securityHeaders).not.toHaveProperty('Strict-Transport-Security');
    expect(manifest.guideChunks).toEqual(['/assets/js/1.a.js']);
  });

  it('refuses a build whose search needs another host', async () => {
    await expect(makeOffline(build({ gtm: false, typesenseHost: 'search.example.com' }))).rejects.toThrow(
      /built to reach https:\/\/search\.example\.com \(TYPESENSE_HOST\?\)/,
    );
  });
});
