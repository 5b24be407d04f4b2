import { describe, expect, it } from 'vitest';
import { DEFAULTS, EnvError, readEnv } from '../../config/env';

describe('readEnv', () => {
  it('gives the embedded defaults for an empty environment', () => {
    const env = readEnv({});
    expect(env.siteUrl).toBe(DEFAULTS.siteUrl);
    expect(env.typesense).toBeNull();
    expect(env.gtmContainerId).toBeNull();
    expect(env.skipAuth).toBe(false);
    expect(env.auth).toEqual({ domain: null, clientId: null, callbackUrl: null, logoutRedirectUrl: null });
  });

  it('gives the MCP audience as the endpoint URL, or MCP_AUDIENCE, with errors naming it', () => {
    expect(readEnv({}).mcpAudience).toBe('https://docs.veriq.io/mcp');
    expect(readEnv({ SITE_URL: 'https://docs.example.com' }).mcpAudience).toBe('https://docs.example.com/mcp');
    expect(readEnv({ MCP_AUDIENCE: 'http://127.0.0.1:5700/mcp' }).mcpAudience).toBe('http://127.0.0.1:5700/mcp');
    expect(() => readEnv({ MCP_AUDIENCE: 'docs-api' })).toThrow(/MCP_AUDIENCE="docs-api" is not an absolute URL/);
    expect(() => readEnv({ MCP_AUDIENCE: 'https://docs.example.com/mcp#x' })).toThrow(
      /MCP_AUDIENCE=.*\(no query or fragment\)/,
    );
    expect(() => readEnv({ CONTEXT: 'production', MCP_AUDIENCE: 'http://127.0.0.1:5700/mcp' })).toThrow(
      /MCP_AUDIENCE=.* public https URL when CONTEXT=production/,
    );
  });

  it('normalises an Auth0 host and a local origin', () => {
    expect(readEnv({ AUTH0_DOMAIN: 'tenant.eu.auth0.com' }).auth.domain).toBe('https://tenant.eu.auth0.com');
    expect(readEnv({ AUTH0_DOMAIN: 'http://127.0.0.1:4010' }).auth.domain).toBe('http://127.0.0.1:4010');
  });

  it.each([
    [{ SKIP_AUTH: 'yes' }, /SKIP_AUTH="yes" must be "true" or "false"/],
    [{ TYPESENSE_HOST: 'http://search.example.com', TYPESENSE_SEARCH_API_KEY: 'k' }, /must use https/],
    [{ TYPESENSE_HOST: 'search.example.com' }, /TYPESENSE_SEARCH_API_KEY is not/],
    [{ TYPESENSE_SEARCH_API_KEY: 'k' }, /TYPESENSE_HOST is not/],
    [{ TYPESENSE_HOST: 'https://search.example.com:8108', TYPESENSE_SEARCH_API_KEY: 'k' }, /port 443/],
    [{ GTM_CONTAINER_ID: 'UA-123' }, /GTM-XXXXXXX/],
    [{ CONTEXT: 'preview' }, /CONTEXT="preview"/],
    [{ AUTH0_DOMAIN: 'https://tenant.auth0.com/path' }, /AUTH0_DOMAIN/],
    [{ AUTH0_CALLBACK_URL: 'https://docs.example.com/callback' }, /must end in \/login\/callback/],
    [{ AUTH0_CLIENT_ID: 'bad id' }, /AUTH0_CLIENT_ID/],
    [{ SITE_URL: 'https://docs.example.com/sub' }, /SITE_URL.*origin only/],
  ])('rejects %o', (input, message) => {
    expect(() => readEnv(input)).toThrow(EnvError);
    expect(() => readEnv(input)).toThrow(message);
  });

  it('lists every problem at once', () => {
    try {
      readEnv({ SKIP_AUTH: 'yes', CONTEXT: 'x' });
      expect.unreachable();
    } catch (error) {
      expect((error as EnvError).problems).toHaveLength(2);
    }
  });

  it('takes an https CSP report endpoint and refuses another scheme', () => {
    expect(readEnv({}).cspReportUrl).toBeNull();
    expect(readEnv({ CSP_REPORT_URL: 'https://reports.example.com/csp' }).cspReportUrl).toBe(
      'https://reports.example.com/csp',
    );
    expect(() => readEnv({ CSP_REPORT_URL: 'http://reports.example.com/csp' })).toThrow(/CSP_REPORT_URL/);
  });

  it('accepts a valid production environment', () => {
    const env = readEnv({
      SITE_URL: 'https://docs.veriq.io',
      AUTH0_DOMAIN: 'veriq.eu.auth0.com',
      AUTH0_CLIENT_ID: 'abc123',
      AUTH0_CALLBACK_URL: 'https://docs.veriq.io/login/callback',
      AUTH0_LOGOUT_REDIRECT_URL: 'https://docs.veriq.io/',
      SKIP_AUTH: 'false',
      CONTEXT: 'production',
      SESSION_SECRET: 'a-session-secret-of-at-least-32-characters',
      TYPESENSE_HOST: 'xyz.a1.typesense.net',
      TYPESENSE_SEARCH_API_KEY: 'search-key',
      GTM_CONTAINER_ID: 'GTM-ABC1234',
    });
    expect(env.typesense).toEqual({ host: 'xyz.a1.typesense.net', searchApiKey: 'search-key', collection: 'docs' });
    expect(env.gtmContainerId).toBe('GTM-ABC1234');
  });

  describe('CONTEXT=production', () => {
    const production = {
      CONTEXT: 'production',
      AUTH0_DOMAIN: 'veriq.eu.auth0.com',
      AUTH0_CLIENT_ID: 'abc123',
      AUTH0_CALLBACK_URL: 'https://docs.veriq.io/login/callback',
      SESSION_SECRET: 'a-session-secret-of-at-least-32-characters',
      TYPESENSE_HOST: 'xyz.a1.typesense.net',
      TYPESENSE_SEARCH_API_KEY: 'search-key',
    };
    it.each(['AUTH0_DOMAIN', 'AUTH0_CLIENT_ID', 'AUTH0_CALLBACK_URL'])(
      'fails without %s, naming it, since the guides would be closed to every reader',
      (name) => {
        expect(() => readEnv({ ...production, [name]: '' })).toThrow(
          new RegExp(`${name} must be set when CONTEXT=production.*SKIP_AUTH=true`),
        );
      },
    );
    it('builds without identity when SKIP_AUTH=true says so on purpose', () => {
      const open = { CONTEXT: 'production', SKIP_AUTH: 'true' };
      expect(readEnv(open).skipAuth).toBe(true);
    });
    it('fails without SESSION_SECRET, and with a short one anywhere', () => {
      expect(() => readEnv({ ...production, SESSION_SECRET: '' })).toThrow(
        /SESSION_SECRET must be set when CONTEXT=production/,
      );
      expect(() => readEnv({ SESSION_SECRET: 'short' })).toThrow(
        /SESSION_SECRET has 5 characters; it needs at least 32/,
      );
    });
    it.each([
      ['AUTH0_DOMAIN', 'http://veriq.eu.auth0.com'],
      ['AUTH0_DOMAIN', 'http://127.0.0.1:4010'],
      ['AUTH0_DOMAIN', 'https://localhost:4010'],
      ['AUTH0_DOMAIN', 'https://[::1]'],
      ['AUTH0_DOMAIN', '127.0.0.1'],
      ['TYPESENSE_HOST', 'localhost'],
      ['TYPESENSE_HOST', 'https://127.0.0.1'],
      ['TYPESENSE_HOST', 'search.localhost'],
    ])('refuses %s=%s with a message naming the variable', (name, value) => {
      const input = { ...production, [name]: value };
      expect(() => readEnv(input)).toThrow(
        new RegExp(`${name}="${value.replace(/[.[\]]/g, '\\$&')}" must be a public https host`),
      );
    });
    it('keeps allowing a loopback provider outside production', () => {
      expect(
        readEnv({ ...production, CONTEXT: 'deploy-preview', AUTH0_DOMAIN: 'http://127.0.0.1:4010' }).auth.domain,
      ).toBe('http://127.0.0.1:4010');
      expect(readEnv({ ...production, CONTEXT: undefined, TYPESENSE_HOST: 'localhost' }).typesense?.host).toBe(
        'localhost',
      );
    });
  });
});
