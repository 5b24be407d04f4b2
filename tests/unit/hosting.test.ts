import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  headerRules,
  headersForPath,
  parseNetlifyHeadersFile,
  scriptHash,
  securityHeaders,
  toNetlifyHeadersFile,
} from '../../config/hosting';

const base = { typesenseHost: null, gtm: false, inlineScripts: ['console.log(1)'] };

describe('content security policy', () => {
  it('allows inline scripts only by hash', () => {
    const csp = contentSecurityPolicy(base);
    expect(csp).toContain(`script-src 'self' ${scriptHash('console.log(1)')}`);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
  });
  it('adds the Typesense host and GTM only when configured', () => {
    expect(contentSecurityPolicy(base)).not.toContain('typesense');
    expect(contentSecurityPolicy(base)).not.toContain('googletagmanager');
    const csp = contentSecurityPolicy({ ...base, typesenseHost: 'xyz.a1.typesense.net', gtm: true });
    expect(csp).toMatch(/connect-src 'self' https:\/\/xyz\.a1\.typesense\.net/);
    expect(csp).toMatch(/script-src [^;]*https:\/\/www\.googletagmanager\.com/);
  });
  it('reports violations only when CSP_REPORT_URL is set', () => {
    expect(contentSecurityPolicy(base)).not.toMatch(/report-(uri|to)/);
    expect(securityHeaders(base)).not.toHaveProperty('Reporting-Endpoints');
    const inputs = { ...base, cspReportUrl: 'https://reports.example.com/csp' };
    expect(contentSecurityPolicy(inputs)).toContain(
      'report-uri https://reports.example.com/csp; report-to csp-endpoint',
    );
    expect(securityHeaders(inputs)['Reporting-Endpoints']).toBe('csp-endpoint="https://reports.example.com/csp"');
  });
  it('keeps other sites from embedding the files and leaves Trusted Types off on purpose', () => {
    expect(securityHeaders(base)['Cross-Origin-Resource-Policy']).toBe('same-origin');
    expect(contentSecurityPolicy(base)).not.toContain('require-trusted-types-for');
  });
  it('hashes like the CSP spec: sha256 of the UTF-8 body, base64', () => {
    expect(scriptHash('')).toBe("'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='");
  });
});

describe('header rules', () => {
  it('round-trips through the _headers file and resolves per path', () => {
    const rules = parseNetlifyHeadersFile(toNetlifyHeadersFile(headerRules(base)));
    expect(rules).toEqual(headerRules(base));
    expect(headersForPath(rules, '/assets/js/main.123.js')['Cache-Control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect(headersForPath(rules, '/guides/concept')['Cache-Control']).toBe('public, max-age=0, must-revalidate');
    expect(headersForPath(rules, '/img/logo.svg')['Cache-Control']).toBe('public, max-age=86400, must-revalidate');
    expect(headersForPath(rules, '/assets/js/x.js')['Content-Security-Policy']).toBeDefined();
  });
});

describe('Markdown twins and the releases feed', () => {
  const rules = headerRules({ typesenseHost: null, gtm: false, inlineScripts: [] });
  it('are served with their own content types', () => {
    expect(headersForPath(rules, '/install-options.md')['Content-Type']).toBe('text/markdown; charset=utf-8');
    expect(headersForPath(rules, '/guides/connections/snowflake.md')['Content-Type']).toBe(
      'text/markdown; charset=utf-8',
    );
    expect(headersForPath(rules, '/releases/feed.xml')['Content-Type']).toBe('application/atom+xml; charset=utf-8');
    expect(headersForPath(rules, '/install-options')['Content-Type']).toBeUndefined();
  });
});
