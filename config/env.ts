// The one place the build reads its environment. Every value is validated here so a typo in a
// deploy setting fails the build with a message naming the variable, instead of shipping a site
// whose login or search silently does nothing.

import { DEFAULT_TYPESENSE_COLLECTION, parseTypesenseCollection, parseTypesenseHost } from './typesense.ts';

export type Env = Record<string, string | undefined>;

export interface AuthEnv {
  /** Origin of the identity provider, e.g. https://tenant.eu.auth0.com */
  domain: string | null;
  clientId: string | null;
  callbackUrl: string | null;
  logoutRedirectUrl: string | null;
}

export interface TypesenseEnv {
  /** Host name only; the client always speaks https on port 443. */
  host: string;
  searchApiKey: string;
  collection: string;
}

export interface SiteEnv {
  siteUrl: string;
  apiReferenceUrl: string;
  supportPortalUrl: string;
  gtmContainerId: string | null;
  /** CSP_REPORT_URL: https endpoint for Content-Security-Policy violation reports (optional). */
  cspReportUrl: string | null;
  auth: AuthEnv;
  skipAuth: boolean;
  /** Netlify's deploy context; `deploy-preview` opens the gate. */
  context: string | null;
  typesense: TypesenseEnv | null;
  /**
   * MCP_AUDIENCE: the audience the identity provider puts in access tokens for the MCP server
   * (Auth0: the API's identifier), which the server requires. Default `<SITE_URL>/mcp`, the
   * endpoint's own URL, as MCP clients ask for it (RFC 8707 `resource`).
   */
  mcpAudience: string;
}

export const DEFAULTS = {
  siteUrl: 'https://docs.veriq.io',
  apiReferenceUrl: 'https://developer.veriq.io/api/v1',
  supportPortalUrl: 'https://support.veriq.io/hc/requests/new',
  typesenseCollection: DEFAULT_TYPESENSE_COLLECTION,
} as const;

const NETLIFY_CONTEXTS = ['production', 'deploy-preview', 'branch-deploy', 'dev'] as const;

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid build environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Reads and validates the environment; throws one EnvError listing every problem found. */
export function readEnv(env: Env): SiteEnv {
  const problems: string[] = [];
  const get = (name: string): string | null => {
    const value = env[name]?.trim();
    return value ? value : null;
  };

  const url = (name: string, fallback: string | null, opts: { httpsOnly?: boolean; originOnly?: boolean } = {}) => {
    const raw = get(name);
    if (raw === null) return fallback;
    let parsed: URL;
    try {
      parsed = new URL(raw);
    } catch {
      problems.push(`${name}="${raw}" is not an absolute URL`);
      return fallback;
    }
    const allowed = opts.httpsOnly ? ['https:'] : ['https:', 'http:'];
    if (!allowed.includes(parsed.protocol)) {
      problems.push(`${name}="${raw}" must use ${opts.httpsOnly ? 'https' : 'http or https'}`);
      return fallback;
    }
    if (opts.originOnly) {
      if (parsed.pathname !== '/' || parsed.search || parsed.hash) {
        problems.push(`${name}="${raw}" must be an origin only (no path, query or fragment)`);
        return fallback;
      }
      return parsed.origin;
    }
    return parsed.href;
  };

  const flag = (name: string): boolean => {
    const raw = get(name);
    if (raw === null || raw === 'false') return false;
    if (raw === 'true') return true;
    problems.push(`${name}="${raw}" must be "true" or "false"`);
    return false;
  };

  const siteUrl = url('SITE_URL', DEFAULTS.siteUrl, { originOnly: true }) ?? DEFAULTS.siteUrl;
  const apiReferenceUrl =
    url('API_REFERENCE_URL', DEFAULTS.apiReferenceUrl, { httpsOnly: true }) ?? DEFAULTS.apiReferenceUrl;
  const supportPortalUrl =
    url('SUPPORT_PORTAL_URL', DEFAULTS.supportPortalUrl, { httpsOnly: true }) ?? DEFAULTS.supportPortalUrl;

  const gtmContainerId = get('GTM_CONTAINER_ID');
  if (gtmContainerId !== null && !/^GTM-[A-Z0-9]{4,12}$/.test(gtmContainerId)) {
    problems.push(`GTM_CONTAINER_ID="${gtmContainerId}" must look like GTM-XXXXXXX`);
  }

  const context = get('CONTEXT');
  if (context !== null && !(NETLIFY_CONTEXTS as readonly string[]).includes(context)) {
    problems.push(`CONTEXT="${context}" must be one of ${NETLIFY_CONTEXTS.join(', ')}`);
  }

  const auth: AuthEnv = {
    domain: authDomain(get('AUTH0_DOMAIN'), problems),
    clientId: get('AUTH0_CLIENT_ID'),
    callbackUrl: url('AUTH0_CALLBACK_URL', null),
    logoutRedirectUrl: url('AUTH0_LOGOUT_REDIRECT_URL', null),
  };
  if (auth.clientId !== null && !/^[A-Za-z0-9._-]+$/.test(auth.clientId)) {
    problems.push(`AUTH0_CLIENT_ID="${auth.clientId}" may contain only letters, digits, ".", "_" and "-"`);
    auth.clientId = null;
  }
  if (auth.callbackUrl !== null && new URL(auth.callbackUrl).pathname !== '/login/callback') {
    problems.push(`AUTH0_CALLBACK_URL="${auth.callbackUrl}" must end in /login/callback, the site's callback route`);
  }

  const typesense = typesenseEnv(get, problems);
  const mcpAudience = url('MCP_AUDIENCE', `${siteUrl}/mcp`) ?? `${siteUrl}/mcp`;
  if (get('MCP_AUDIENCE') !== null && /[?#]/.test(mcpAudience)) {
    problems.push(
      `MCP_AUDIENCE="${get('MCP_AUDIENCE')}" must be the MCP endpoint's URL (no query or fragment), e.g. ${siteUrl}/mcp`,
    );
  }
  if (context === 'production') {
    if (!isPublicHttps(mcpAudience)) {
      problems.push(`MCP_AUDIENCE="${mcpAudience}" must be a public https URL when CONTEXT=production`);
    }
    // A production site must not send readers to a provider or search host that only exists on
    // the build machine (the local provider of `npm start`), nor over plain http.
    if (auth.domain !== null && !isPublicHttps(auth.domain)) {
      problems.push(`AUTH0_DOMAIN="${get('AUTH0_DOMAIN')}" must be a public https host when CONTEXT=production`);
    }
    if (typesense !== null && !isPublicHttps(`https://${typesense.host}`)) {
      problems.push(`TYPESENSE_HOST="${get('TYPESENSE_HOST')}" must be a public https host when CONTEXT=production`);
    }
    // Without a provider the guides would be closed to every reader (the gate fails closed): a
    // forgotten or wrongly scoped variable must fail the deploy, not ship a site nobody can use.
    // SKIP_AUTH=true publishes the guides openly, on purpose.
    const missing = (['AUTH0_DOMAIN', 'AUTH0_CLIENT_ID', 'AUTH0_CALLBACK_URL'] as const).filter(
      (name) => get(name) === null,
    );
    const skipAuth = get('SKIP_AUTH') === 'true';
    if (!skipAuth && missing.length > 0) {
      problems.push(
        `${missing.join(', ')} must be set when CONTEXT=production: without them no reader can sign in and the guides are closed to all (set SKIP_AUTH=true to publish them openly on purpose)`,
      );
    }
    // The edge function signs sessions with it (read at run time; give it the Functions scope too).
    if (!skipAuth && missing.length === 0 && get('SESSION_SECRET') === null) {
      problems.push(
        'SESSION_SECRET must be set when CONTEXT=production (at least 32 characters, e.g. `openssl rand -base64 48`), for the build and the Functions scope: the guides gate signs sessions with it',
      );
    }
  }
  const sessionSecret = get('SESSION_SECRET');
  if (sessionSecret !== null && sessionSecret.length < 32) {
    problems.push(`SESSION_SECRET has ${sessionSecret.length} characters; it needs at least 32`);
  }

  const result: SiteEnv = {
    siteUrl,
    apiReferenceUrl,
    supportPortalUrl,
    gtmContainerId,
    cspReportUrl: url('CSP_REPORT_URL', null, { httpsOnly: true }),
    auth,
    skipAuth: flag('SKIP_AUTH'),
    context,
    typesense,
    mcpAudience,
  };
  if (problems.length > 0) throw new EnvError(problems);
  return result;
}

/** https, and not a loopback, unspecified or `localhost` name. */
export function isPublicHttps(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  const host = parsed.hostname.toLowerCase();
  const loopback =
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127\.\d+\.\d+\.\d+$/.test(host) ||
    host === '0.0.0.0' ||
    host === '[::1]' ||
    host === '[::]' ||
    host.startsWith('[::ffff:7f');
  return parsed.protocol === 'https:' && !loopback;
}

/** Accepts a bare host (Auth0 style) or a full origin (the local provider on http://127.0.0.1:4010). */
export function authDomain(raw: string | null, problems: string[]): string | null {
  if (raw === null) return null;
  const candidate = /^[a-z]+:\/\//i.test(raw) ? raw : `https://${raw}`;
  try {
    const parsed = new URL(candidate);
    if (!['https:', 'http:'].includes(parsed.protocol) || parsed.pathname !== '/' || parsed.search || parsed.hash) {
      throw new Error('not an origin');
    }
    return parsed.origin;
  } catch {
    problems.push(
      `AUTH0_DOMAIN="${raw}" must be a host name (tenant.eu.auth0.com) or an origin (http://127.0.0.1:4010)`,
    );
    return null;
  }
}

function typesenseEnv(get: (name: string) => string | null, problems: string[]): TypesenseEnv | null {
  const rawHost = get('TYPESENSE_HOST');
  const searchApiKey = get('TYPESENSE_SEARCH_API_KEY');
  let collection = DEFAULT_TYPESENSE_COLLECTION;
  const rawCollection = get('TYPESENSE_COLLECTION');
  try {
    collection = parseTypesenseCollection(rawCollection);
  } catch (error) {
    problems.push(`TYPESENSE_COLLECTION="${rawCollection}" ${(error as Error).message}`);
  }
  if (rawHost === null) {
    if (searchApiKey !== null) problems.push('TYPESENSE_SEARCH_API_KEY is set but TYPESENSE_HOST is not');
    return null;
  }
  let host: string | null = null;
  try {
    const node = parseTypesenseHost(rawHost);
    // The browser's Typesense client always speaks https on port 443.
    if (node.protocol !== 'https') problems.push(`TYPESENSE_HOST="${rawHost}" must use https (port 443)`);
    else if (node.port !== 443) problems.push(`TYPESENSE_HOST="${rawHost}" must use port 443`);
    else host = node.host;
  } catch (error) {
    problems.push(`TYPESENSE_HOST="${rawHost}" ${(error as Error).message}`);
  }
  if (searchApiKey === null) problems.push('TYPESENSE_HOST is set but TYPESENSE_SEARCH_API_KEY is not');
  if (host === null || searchApiKey === null) return null;
  return { host, searchApiKey, collection };
}
