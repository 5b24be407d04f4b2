// The offline bundle's start-up settings (server/bundle/settings.ts) and the browser's copy of
// them (shared/auth/runtimeConfig.ts): open by default, the public site's gate with a provider,
// and one line naming the variable for every value that cannot work.
import { describe, expect, it } from 'vitest';
import {
  browserAuthConfig,
  bundleManifest,
  BundleSettingsError,
  readBundleSettings,
  type BundleSettings,
} from '../../server/bundle/settings';
import { withAuthMeta } from '../../server/bundle/server';
import { parseRuntimeAuthConfig, runtimeAuthMetaTag, RUNTIME_AUTH_META } from '../../shared/auth/runtimeConfig';
import type { GateManifest } from '../../server/guide-gate/manifest';

const read = (env: Record<string, string>) => readBundleSettings((name) => env[name]);

/** The problems an environment is refused with. */
function problems(env: Record<string, string>): string[] {
  try {
    read(env);
  } catch (error) {
    if (error instanceof BundleSettingsError) return error.problems;
    throw error;
  }
  throw new Error('the environment was accepted');
}

const OIDC = {
  OIDC_ISSUER: 'https://login.example.internal',
  OIDC_CLIENT_ID: 'veriq-docs',
  SITE_URL: 'https://docs.example.internal',
};

describe('bundle settings', () => {
  it('serve open guides on 127.0.0.1:8080 by default', () => {
    expect(read({})).toEqual({
      port: 8080,
      host: '127.0.0.1',
      siteUrl: null,
      identity: null,
      sessionSecret: null,
      mcpAudience: null,
    } satisfies BundleSettings);
    expect(read({ PORT: '0', HOST: '0.0.0.0', SITE_URL: 'http://docs.lan:8080/' })).toMatchObject({
      port: 0,
      host: '0.0.0.0',
      siteUrl: 'http://docs.lan:8080',
      identity: null,
    });
  });

  it('enforce the provider OIDC_ISSUER and OIDC_CLIENT_ID name, for SITE_URL', () => {
    const secret = 'x'.repeat(40);
    expect(read({ ...OIDC, OIDC_ISSUER: 'https://login.example.internal/', SESSION_SECRET: secret })).toEqual({
      port: 8080,
      host: '127.0.0.1',
      siteUrl: 'https://docs.example.internal',
      identity: { domain: 'https://login.example.internal', clientId: 'veriq-docs' },
      sessionSecret: secret,
      mcpAudience: 'https://docs.example.internal/mcp',
    });
    expect(read({ ...OIDC, MCP_AUDIENCE: 'https://api.example.internal/docs-mcp' }).mcpAudience).toBe(
      'https://api.example.internal/docs-mcp',
    );
    // Loopback http keeps sessions in browsers, so it is allowed for a local sign-in.
    expect(read({ ...OIDC, SITE_URL: 'http://localhost:8080' }).siteUrl).toBe('http://localhost:8080');
  });

  it('refuse each impossible value in one line naming its variable', () => {
    expect(problems({ ...OIDC, OIDC_ISSUER: 'http://login.example.internal' })).toEqual([
      'OIDC_ISSUER="http://login.example.internal" must be an https URL',
    ]);
    expect(problems({ OIDC_ISSUER: OIDC.OIDC_ISSUER, SITE_URL: OIDC.SITE_URL })).toEqual([
      'OIDC_CLIENT_ID is not set: OIDC_ISSUER needs the client id readers sign in with',
    ]);
    expect(problems({ OIDC_CLIENT_ID: 'veriq-docs', SITE_URL: OIDC.SITE_URL })[0]).toMatch(/^OIDC_ISSUER is not set/);
    expect(problems({ OIDC_ISSUER: OIDC.OIDC_ISSUER, OIDC_CLIENT_ID: 'veriq-docs' })[0]).toMatch(
      /^SITE_URL is not set/,
    );
    expect(problems({ ...OIDC, OIDC_ISSUER: 'https://login.example.internal/realms/docs' })).toEqual([
      'OIDC_ISSUER="https://login.example.internal/realms/docs" must be an origin only, like https://login.example.internal',
    ]);
    expect(problems({ ...OIDC, OIDC_ISSUER: 'login.example.internal' })).toEqual([
      'OIDC_ISSUER="login.example.internal" is not an absolute URL',
    ]);
    expect(problems({ ...OIDC, OIDC_CLIENT_ID: 'veriq docs' })[0]).toMatch(/^OIDC_CLIENT_ID="veriq docs" may contain/);
    expect(problems({ ...OIDC, SITE_URL: 'http://docs.example.internal' })[0]).toMatch(
      /^SITE_URL="http:\/\/docs.example.internal" must be https/,
    );
    expect(problems({ SITE_URL: 'https://docs.example.internal/docs' })[0]).toMatch(
      /^SITE_URL=.* must be an origin only/,
    );
    expect(problems({ PORT: '80a' })).toEqual(['PORT="80a" must be a port number (0 to 65535)']);
    expect(problems({ PORT: '70000' })[0]).toMatch(/^PORT="70000"/);
    expect(problems({ SESSION_SECRET: 'short' })[0]).toMatch(/^SESSION_SECRET has 5 characters/);
    expect(problems({ ...OIDC, MCP_AUDIENCE: 'https://docs.example.internal/mcp?x=1' })[0]).toMatch(/^MCP_AUDIENCE=/);
    for (const line of problems({ PORT: 'x', OIDC_ISSUER: 'ftp://a', SESSION_SECRET: 'y' })) {
      expect(line).not.toContain('\n');
      expect(line).toMatch(/^[A-Z_]+[=" ]/);
    }
  });

  it('replace only what the gate enforces in the build manifest', () => {
    const built: GateManifest = {
      guideChunks: ['/assets/js/1.abc.js'],
      securityHeaders: { 'Content-Security-Policy': "default-src 'self'" },
      identity: { domain: 'http://127.0.0.1:4011', clientId: 'veriq-docs-e2e' },
      open: false,
    };
    expect(bundleManifest(built, read({}))).toEqual({ ...built, identity: null, open: true });
    expect(bundleManifest(built, read(OIDC))).toEqual({
      ...built,
      identity: { domain: 'https://login.example.internal', clientId: 'veriq-docs' },
      open: false,
    });
  });
});

describe("the browser's sign-in settings from the bundle's server", () => {
  it('say "always signed in" when open, and name the provider and callback when gated', () => {
    expect(browserAuthConfig(read({}))).toEqual({
      domain: null,
      clientId: null,
      callbackUrl: null,
      logoutRedirectUrl: null,
      alwaysLoggedIn: true,
    });
    expect(browserAuthConfig(read(OIDC))).toEqual({
      domain: 'https://login.example.internal',
      clientId: 'veriq-docs',
      callbackUrl: 'https://docs.example.internal/login/callback',
      logoutRedirectUrl: 'https://docs.example.internal/',
      alwaysLoggedIn: false,
    });
  });

  it('travel in a <meta> as escaped JSON and read back the same', () => {
    const config = { ...browserAuthConfig(read(OIDC)), clientId: `a"b'<c>&d` };
    const tag = runtimeAuthMetaTag(config);
    expect(tag).toMatch(new RegExp(`^<meta name="${RUNTIME_AUTH_META}" content="[^"<>']+">$`));
    const content = /content="([^"]*)"/.exec(tag)![1].replace(/&(quot|#39|lt|gt|amp);/g, (_, e: string) => {
      const map: Record<string, string> = { quot: '"', '#39': "'", lt: '<', gt: '>', amp: '&' };
      return map[e];
    });
    expect(parseRuntimeAuthConfig(content)).toEqual(config);
  });

  it('are ignored when absent or not an object', () => {
    for (const content of [null, undefined, '', 'not json', '[]', '"x"', 'null']) {
      expect(parseRuntimeAuthConfig(content)).toBeNull();
    }
    // Fields of the wrong type read as unset, as the build's customFields do.
    expect(parseRuntimeAuthConfig('{"domain":1,"alwaysLoggedIn":"yes"}')).toEqual({
      domain: null,
      clientId: null,
      callbackUrl: null,
      logoutRedirectUrl: null,
      alwaysLoggedIn: false,
    });
  });

  it('go first in <head>, whatever its attributes, and nowhere on a page without one', () => {
    const meta = runtimeAuthMetaTag(browserAuthConfig(read({})));
    expect(withAuthMeta('<!doctype html><html><head><title>x</title></head>', meta)).toBe(
      `<!doctype html><html><head>${meta}<title>x</title></head>`,
    );
    expect(withAuthMeta('<html><HEAD data-x="1"><title>x</title>', meta)).toBe(
      `<html><HEAD data-x="1">${meta}<title>x</title>`,
    );
    expect(withAuthMeta('<header>not a head</header>', meta)).toBe('<header>not a head</header>');
  });
});
