// A real OpenID provider on 127.0.0.1 that stands in for Auth0 locally and in e2e tests (never in
// production builds): the implicit flow at /authorize and Auth0's /v2/logout, and for MCP clients
// dynamic registration (RFC 7591), the code flow with PKCE and resource indicators (RFC 8707).
// What it matches of Auth0: maintainers/identity-provider.md
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import Provider, { errors } from 'oidc-provider';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import type { LocalIdpSettings } from './config';
import { listening } from '../dev/ports';

function signingKey() {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...privateKey.export({ format: 'jwk' }), use: 'sig', alg: 'RS256', kid: randomBytes(8).toString('hex') };
}

export function createLocalIdp(settings: LocalIdpSettings): Provider {
  // Auth0's issuer is its origin with a trailing slash and its keys are at /.well-known/jwks.json;
  // the gate (server/guide-gate/token.ts) expects exactly that, so the local provider matches it.
  const issuer = `http://127.0.0.1:${settings.port}/`;
  const mcpResources = settings.siteOrigins.map((o) => `${o}/mcp`);
  const configuration: Configuration = {
    clients: [
      {
        client_id: settings.clientId,
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['implicit'],
        response_types: ['id_token token'],
        redirect_uris: settings.siteOrigins.map((o) => `${o}/login/callback`),
        post_logout_redirect_uris: settings.siteOrigins.map((o) => `${o}/`),
      },
    ],
    // RFC 9700 steers providers away from returning tokens from /authorize; Auth0's implicit
    // flow does exactly that, and this provider's job is to behave like the real tenant.
    responseTypes: ['id_token token', 'id_token', 'code'],
    pkce: { required: () => true },
    scopes: ['openid', 'offline_access', 'profile', 'email'],
    routes: { authorization: '/authorize', end_session: '/session/end', jwks: '/.well-known/jwks.json' },
    jwks: { keys: [signingKey()] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'nickname'] },
    ttl: { IdToken: 3600, AccessToken: 3600 },
    features: {
      devInteractions: { enabled: true },
      // MCP clients register themselves (no initial access token, as Auth0's open registration).
      registration: { enabled: true },
      resourceIndicators: {
        enabled: true,
        // A client that names no resource gets an opaque token for userinfo, as without the feature.
        defaultResource: () => undefined,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (!mcpResources.includes(resource)) throw new errors.InvalidTarget(`unknown resource ${resource}`);
          return {
            scope: 'openid profile email',
            audience: resource,
            accessTokenFormat: 'jwt',
            accessTokenTTL: 3600,
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        // Auth0 logs out without asking; submit the provider's own confirmation form at once.
        logoutSource: (ctx, form) => {
          ctx.body = `<!doctype html><html lang="en"><head><title>Signing out</title></head><body>
${form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>')}
<noscript><button form="op.logoutForm" type="submit">Sign out</button></noscript>
<script>document.forms[0].submit()</script></body></html>`;
        },
      },
    },
    findAccount(_ctx: KoaContextWithOIDC, sub: string) {
      return {
        accountId: sub,
        claims() {
          const name = sub.replace(/@.*/, '');
          return {
            sub,
            name,
            nickname: name,
            email: sub.includes('@') ? sub : `${sub}@example.com`,
            email_verified: true,
          };
        },
      };
    },
  };

  const provider = new Provider(issuer, configuration);

  // The OIDC rules forbid http and localhost redirect URIs for implicit web clients. A loopback
  // dev provider needs both, so those two checks (and only those) are waived here, following
  // the library's own recipe "implicit_http_localhost".
  const schema = (
    provider.Client as unknown as { Schema: { prototype: { invalidate: (m: string, c?: string) => void } } }
  ).Schema;
  const original = schema.prototype.invalidate;
  schema.prototype.invalidate = function invalidate(message: string, code?: string) {
    if (code === 'implicit-force-https' || code === 'implicit-forbid-localhost') return;
    original.call(this, message, code);
  };

  // The library's sign-in and consent pages import a Google font and the browser asks for a
  // favicon: offline (and in tests) both fail as red console errors during a plain sign-in.
  provider.use(async (ctx, next) => {
    if (ctx.path === '/favicon.ico') {
      ctx.status = 204;
      return;
    }
    await next();
    if (typeof ctx.body === 'string' && ctx.response.is('html')) {
      ctx.body = ctx.body.replace(/@import url\(https:\/\/fonts\.googleapis\.com\/[^)]*\);?/g, '');
    }
  });

  // Auth0's logout URL: /v2/logout?client_id=...&returnTo=...
  provider.use(async (ctx, next) => {
    if (ctx.path === '/v2/logout') {
      const params = new URLSearchParams();
      const clientId = ctx.query.client_id;
      const returnTo = ctx.query.returnTo;
      if (typeof clientId === 'string') params.set('client_id', clientId);
      if (typeof returnTo === 'string') params.set('post_logout_redirect_uri', returnTo);
      ctx.redirect(`/session/end?${params.toString()}`);
      return;
    }
    await next();
  });
  return provider;
}

/** Starts the provider; a taken port rejects with PortInUseError, which names IDP_PORT. */
export async function startLocalIdp(settings: LocalIdpSettings): Promise<Server> {
  const provider = createLocalIdp(settings);
  const server = provider.listen(settings.port, '127.0.0.1');
  await listening(server, settings.port, 'the local identity provider', 'IDP_PORT');
  return server;
}
