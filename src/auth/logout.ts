import type { KeyValueStorage } from './session';
import { clearTokens } from './session';

/** Auth0's logout endpoint; the local provider maps it onto OIDC end-session. */
export function buildLogoutUrl(domain: string, clientId: string, returnTo: string): string {
  const url = new URL('/v2/logout', domain);
  url.search = new URLSearchParams({ client_id: clientId, returnTo }).toString();
  return url.toString();
}

/**
 * Removes both tokens first, so the reader is logged out here even if the provider is
 * unreachable; returns where to send the browser (null: stay, e.g. login is not configured).
 */
export function prepareLogout(
  config: { domain: string | null; clientId: string | null; logoutRedirectUrl: string | null },
  storage: KeyValueStorage,
  origin: string,
): string | null {
  clearTokens(storage);
  if (!config.domain || !config.clientId) return null;
  return buildLogoutUrl(config.domain, config.clientId, config.logoutRedirectUrl ?? origin + '/');
}
