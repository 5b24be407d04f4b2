// What the offline bundle's servers (server.mjs, mcp.mjs) take from their environment. The public
// site's gate enforces the provider its build names (server/guide-gate/manifest.ts); a bundle is
// built once and installed by operators whose provider, if any, the build could not know. So the
// bundle's server sets the gate's identity at start-up: open to every reader by default, and the
// same gate as the public site's once OIDC_ISSUER and OIDC_CLIENT_ID name a provider.
// Web-standard (no Node built-ins), like the gate modules it feeds.
import type { SiteAuthConfig } from '../../shared/auth/config.ts';
import type { GateManifest } from '../guide-gate/manifest.ts';
import { isLoopback } from '../guide-gate/cookies.ts';
import { sessionSigner } from '../guide-gate/session.ts';

export const DEFAULT_PORT = 8080;
export const DEFAULT_HOST = '127.0.0.1';

export interface BundleSettings {
  port: number;
  host: string;
  /**
   * SITE_URL: the origin readers reach the server on (through a proxy, perhaps), which every
   * request is taken to be for; null: serve:prod's rule (a loopback Host on this port, else
   * http://127.0.0.1:PORT).
   */
  siteUrl: string | null;
  /** The provider the gate enforces (OIDC_ISSUER's origin and OIDC_CLIENT_ID); null: guides open. */
  identity: { domain: string; clientId: string } | null;
  /** SESSION_SECRET; null: a random secret lives as long as the process. */
  sessionSecret: string | null;
  /** The audience MCP access tokens must carry (MCP_AUDIENCE, default SITE_URL/mcp); null when open. */
  mcpAudience: string | null;
}

/** The environment describes no server that can start; each problem is one line naming its variable. */
export class BundleSettingsError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'BundleSettingsError';
  }
}

const CLIENT_ID = /^[A-Za-z0-9._-]+$/;

/** Reads and checks the environment; throws a BundleSettingsError listing every problem. */
export function readBundleSettings(get: (name: string) => string | undefined): BundleSettings {
  const value = (name: string) => get(name)?.trim() || null;
  const problems: string[] = [];

  const parseUrl = (name: string, raw: string): URL | null => {
    try {
      return new URL(raw);
    } catch {
      problems.push(`${name}="${raw}" is not an absolute URL`);
      return null;
    }
  };
  /** An origin (no path, query or fragment) over one of `protocols`, or null after a problem. */
  const origin = (name: string, raw: string, protocols: string[]): URL | null => {
    const url = parseUrl(name, raw);
    if (!url) return null;
    if (!protocols.includes(url.protocol)) {
      problems.push(`${name}="${raw}" must be an ${protocols.map((p) => p.slice(0, -1)).join(' or ')} URL`);
      return null;
    }
    if (url.pathname !== '/' || url.search || url.hash || url.username || url.password) {
      problems.push(`${name}="${raw}" must be an origin only, like ${url.protocol}//${url.host}`);
      return null;
    }
    return url;
  };

  let port = DEFAULT_PORT;
  const rawPort = value('PORT');
  if (rawPort !== null) {
    port = Number(rawPort);
    if (!/^\d+$/.test(rawPort) || port > 65535) problems.push(`PORT="${rawPort}" must be a port number (0 to 65535)`);
  }
  const host = value('HOST') ?? DEFAULT_HOST;

  const rawIssuer = value('OIDC_ISSUER');
  const clientId = value('OIDC_CLIENT_ID');
  const rawSiteUrl = value('SITE_URL');
  let issuer: URL | null = null;
  if (rawIssuer !== null) {
    const url = parseUrl('OIDC_ISSUER', rawIssuer);
    if (url && url.protocol !== 'https:') problems.push(`OIDC_ISSUER="${rawIssuer}" must be an https URL`);
    // The gate verifies tokens as Auth0 issues them: issuer `https://host/`, keys at
    // /.well-known/jwks.json, sign-in at /authorize (server/guide-gate/token.ts, src/auth/login.ts).
    else if (url) issuer = origin('OIDC_ISSUER', rawIssuer, ['https:']);
  }
  if (rawIssuer !== null && clientId === null) {
    problems.push('OIDC_CLIENT_ID is not set: OIDC_ISSUER needs the client id readers sign in with');
  }
  if (rawIssuer === null && clientId !== null) {
    problems.push('OIDC_ISSUER is not set: OIDC_CLIENT_ID needs the provider that issued it (https://…)');
  }
  if (clientId !== null && !CLIENT_ID.test(clientId)) {
    problems.push(`OIDC_CLIENT_ID="${clientId}" may contain only letters, digits, ".", "_" and "-"`);
  }
  const gated = rawIssuer !== null || clientId !== null;

  let siteUrl: URL | null = null;
  if (rawSiteUrl !== null) {
    siteUrl = origin('SITE_URL', rawSiteUrl, ['https:', 'http:']);
    // Browsers keep the gate's session cookies on https, and on plain http only for loopback names.
    if (siteUrl && gated && siteUrl.protocol === 'http:' && !isLoopback(siteUrl.hostname)) {
      problems.push(
        `SITE_URL="${rawSiteUrl}" must be https (or http on localhost or 127.0.0.1) with OIDC_ISSUER: browsers keep sign-ins only there`,
      );
      siteUrl = null;
    }
  } else if (gated) {
    problems.push(
      'SITE_URL is not set: with OIDC_ISSUER the server needs the origin readers use, e.g. https://docs.example.internal',
    );
  }

  const sessionSecret = value('SESSION_SECRET');
  if (sessionSecret !== null) {
    const signer = sessionSigner(sessionSecret, 'check');
    if (typeof signer === 'string') problems.push(signer);
  }

  let mcpAudience: string | null = null;
  const rawAudience = value('MCP_AUDIENCE');
  if (rawAudience !== null) {
    const url = parseUrl('MCP_AUDIENCE', rawAudience);
    if (url && (!/^https?:$/.test(url.protocol) || url.search || url.hash)) {
      problems.push(`MCP_AUDIENCE="${rawAudience}" must be the MCP endpoint's http(s) URL, without query or fragment`);
    } else if (url) mcpAudience = url.href;
  }

  if (problems.length > 0) throw new BundleSettingsError(problems);
  const identity = issuer && clientId ? { domain: issuer.origin, clientId } : null;
  return {
    port,
    host,
    siteUrl: siteUrl?.origin ?? null,
    identity,
    sessionSecret,
    mcpAudience: identity ? (mcpAudience ?? `${siteUrl!.origin}/mcp`) : null,
  };
}

/**
 * The build's manifest with the bundle's own identity: the article chunks and security headers
 * stay the build's, what the gate enforces comes from the environment.
 */
export function bundleManifest(built: GateManifest, settings: BundleSettings): GateManifest {
  return { ...built, identity: settings.identity, open: settings.identity === null };
}

/** What the browser's sign-in code needs (shared/auth/runtimeConfig.ts puts it in each page). */
export function browserAuthConfig(settings: BundleSettings): SiteAuthConfig {
  if (!settings.identity || !settings.siteUrl) {
    return { domain: null, clientId: null, callbackUrl: null, logoutRedirectUrl: null, alwaysLoggedIn: true };
  }
  return {
    domain: settings.identity.domain,
    clientId: settings.identity.clientId,
    callbackUrl: `${settings.siteUrl}/login/callback`,
    logoutRedirectUrl: `${settings.siteUrl}/`,
    alwaysLoggedIn: false,
  };
}

/** One line for the start-up log: how the guides are served. */
export function describeAccess(settings: BundleSettings): string {
  if (!settings.identity) return 'guides open to every reader';
  const secret = settings.sessionSecret ? '' : '; sessions signed with a per-process secret (set SESSION_SECRET)';
  return `guides gate enforced (${settings.identity.domain}, client ${settings.identity.clientId}${secret})`;
}
