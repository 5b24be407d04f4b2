// One typed source of truth for the response headers the site is served with: the Netlify
// `_headers` file written after every build (plugins/hosting-headers), `npm run serve:prod`, the
// e2e servers and the benchmark all read it, so what is tested is what is deployed.
import { createHash } from 'node:crypto';

export interface HostingInputs {
  /** Typesense host (https, port 443) when production search is configured. */
  typesenseHost: string | null;
  /** Whether Google Tag Manager is configured. */
  gtm: boolean;
  /** Bodies of every inline <script> in the built HTML; allowed by hash, never 'unsafe-inline'. */
  inlineScripts: string[];
  /** CSP_REPORT_URL: where browsers report policy violations; no reporting when absent. */
  cspReportUrl?: string | null;
}

/** The Reporting API name of the violation endpoint (Reporting-Endpoints and report-to). */
export const CSP_REPORT_GROUP = 'csp-endpoint';

export const CACHE_IMMUTABLE = 'public, max-age=31536000, immutable';
export const CACHE_REVALIDATE = 'public, max-age=0, must-revalidate';
export const CACHE_STATIC = 'public, max-age=86400, must-revalidate';
export const MARKDOWN_TYPE = 'text/markdown; charset=utf-8';

const GTM_SCRIPT = 'https://www.googletagmanager.com';
const GA_CONNECT = [
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
  'https://www.googletagmanager.com',
];

export function scriptHash(body: string): string {
  return `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;
}

/**
 * The Content-Security-Policy. Absent on purpose: any directive naming the identity provider (reached
 * by top-level navigation only) and Trusted Types (only a pass-through policy would keep the theme,
 * Mermaid and lazy chunks working). Why: maintainers/decisions/2026-11-27-csp-without-trusted-types.md
 */
export function contentSecurityPolicy(inputs: HostingInputs): string {
  const hashes = [...new Set(inputs.inlineScripts.map(scriptHash))].sort();
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...hashes, ...(inputs.gtm ? [GTM_SCRIPT] : [])],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': [
      "'self'",
      'data:',
      ...(inputs.gtm ? ['https://www.googletagmanager.com', 'https://*.google-analytics.com'] : []),
    ],
    'font-src': ["'self'", 'data:'],
    'connect-src': [
      "'self'",
      ...(inputs.typesenseHost ? [`https://${inputs.typesenseHost}`] : []),
      ...(inputs.gtm ? GA_CONNECT : []),
    ],
    'frame-src': inputs.gtm ? ['https://www.googletagmanager.com'] : ["'none'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(inputs.cspReportUrl ? { 'report-uri': [inputs.cspReportUrl], 'report-to': [CSP_REPORT_GROUP] } : {}),
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

export function securityHeaders(inputs: HostingInputs): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(inputs),
    'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
    // No other site may embed this site's files (scripts, JSON, images) in its own pages.
    'Cross-Origin-Resource-Policy': 'same-origin',
    ...(inputs.cspReportUrl ? { 'Reporting-Endpoints': `${CSP_REPORT_GROUP}="${inputs.cspReportUrl}"` } : {}),
  };
}

export interface HeaderRule {
  /** Netlify path pattern: `*` matches any run of characters. */
  path: string;
  headers: Record<string, string>;
}

/**
 * Rules in Netlify's order of application: every matching rule adds its headers. Docusaurus
 * puts content-hashed files under /assets/, so they can be cached for a year; everything else
 * (HTML, the sitemap, images in /img) must revalidate so a deploy shows at once.
 */
export function headerRules(inputs: HostingInputs): HeaderRule[] {
  return [
    { path: '/*', headers: { ...securityHeaders(inputs), 'Cache-Control': CACHE_REVALIDATE } },
    { path: '/assets/*', headers: { 'Cache-Control': CACHE_IMMUTABLE } },
    { path: '/img/*', headers: { 'Cache-Control': CACHE_STATIC } },
    // Markdown twins of the pages (plugins/markdown-twins) and the releases feed: hosts guess
    // these types differently, so they are stated.
    { path: '/*.md', headers: { 'Content-Type': MARKDOWN_TYPE } },
    { path: '/releases/feed.xml', headers: { 'Content-Type': 'application/atom+xml; charset=utf-8' } },
  ];
}

export function toNetlifyHeadersFile(rules: HeaderRule[]): string {
  return (
    '# Generated from config/hosting.ts after every build: do not edit.\n' +
    rules.map((r) => [r.path, ...Object.entries(r.headers).map(([k, v]) => `  ${k}: ${v}`)].join('\n')).join('\n\n') +
    '\n'
  );
}

/** Parses a `_headers` file back into rules (the local server applies the deployed file). */
export function parseNetlifyHeadersFile(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ path: line.trim(), headers: {} });
      continue;
    }
    const at = line.indexOf(':');
    const rule = rules[rules.length - 1];
    if (rule && at > 0) rule.headers[line.slice(0, at).trim()] = line.slice(at + 1).trim();
  }
  return rules;
}

// Compiled once per pattern: the static server matches every request against every rule.
const compiled = new Map<string, RegExp>();

function matches(pattern: string, path: string): boolean {
  let regex = compiled.get(pattern);
  if (!regex) {
    regex = new RegExp(
      '^' +
        pattern
          .split('*')
          .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
          .join('.*') +
        '$',
    );
    compiled.set(pattern, regex);
  }
  return regex.test(path);
}

/** The headers for one request path: later matching rules override earlier ones per header. */
export function headersForPath(rules: HeaderRule[], path: string): Record<string, string> {
  return rules.filter((r) => matches(r.path, path)).reduce((acc, r) => ({ ...acc, ...r.headers }), {});
}
