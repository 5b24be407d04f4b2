// Build-time mapping from the validated environment to what the browser's sign-in code reads
// (the site's customFields.auth, read back by shared/auth/config.ts).
import type { SiteAuthConfig } from '../shared/auth/config';
import type { SiteEnv } from './env';

export function toSiteAuthConfig(env: Pick<SiteEnv, 'auth' | 'skipAuth' | 'context'>): SiteAuthConfig {
  return {
    ...env.auth,
    alwaysLoggedIn: env.skipAuth || env.context === 'deploy-preview',
  };
}
