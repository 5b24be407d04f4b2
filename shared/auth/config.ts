/** What the browser needs to know about sign-in; stored in the site's customFields at build time. */
export interface SiteAuthConfig {
  /** Identity provider origin, e.g. https://tenant.eu.auth0.com */
  domain: string | null;
  clientId: string | null;
  callbackUrl: string | null;
  logoutRedirectUrl: string | null;
  /** Deploy previews and SKIP_AUTH=true builds treat every reader as logged in. */
  alwaysLoggedIn: boolean;
}

/** Login needs the domain, the client id and the callback address. */
export function isLoginAvailable(
  config: SiteAuthConfig,
): config is SiteAuthConfig & { domain: string; clientId: string; callbackUrl: string } {
  return Boolean(config.domain && config.clientId && config.callbackUrl);
}

const EMPTY: SiteAuthConfig = {
  domain: null,
  clientId: null,
  callbackUrl: null,
  logoutRedirectUrl: null,
  alwaysLoggedIn: false,
};

/** Reads the config back from customFields, tolerating a site built without it. */
export function readAuthConfig(customFields: Record<string, unknown> | undefined): SiteAuthConfig {
  const raw = customFields?.auth;
  if (!raw || typeof raw !== 'object') return EMPTY;
  const r = raw as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : null);
  return {
    domain: str(r.domain),
    clientId: str(r.clientId),
    callbackUrl: str(r.callbackUrl),
    logoutRedirectUrl: str(r.logoutRedirectUrl),
    alwaysLoggedIn: r.alwaysLoggedIn === true,
  };
}
