import { parseRuntimeAuthConfig, RUNTIME_AUTH_META } from '../../shared/auth/runtimeConfig';
import type { SiteAuthConfig } from '../../shared/auth/config';

/**
 * The sign-in settings the serving host put in the page's <head> (shared/auth/runtimeConfig.ts),
 * or null: during the build's server rendering, and on every host but the offline bundle's.
 */
export function runtimeAuthConfig(): SiteAuthConfig | null {
  if (typeof document === 'undefined') return null;
  const meta = document.head?.querySelector(`meta[name="${RUNTIME_AUTH_META}"]`);
  return parseRuntimeAuthConfig(meta?.getAttribute('content'));
}
