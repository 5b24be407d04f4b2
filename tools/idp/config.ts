// Settings of the local OpenID provider, kept apart from the server so tests can build them.

export interface LocalIdpSettings {
  port: number;
  clientId: string;
  /** Origins of the sites allowed to sign in, e.g. http://127.0.0.1:3000 */
  siteOrigins: string[];
}

export const LOCAL_IDP_DEFAULTS: LocalIdpSettings = {
  port: 4010,
  clientId: 'veriq-docs-local',
  siteOrigins: ['http://127.0.0.1:3000', 'http://localhost:3000'],
};

export function readLocalIdpSettings(env: Record<string, string | undefined>): LocalIdpSettings {
  const port = env.IDP_PORT ? Number(env.IDP_PORT) : LOCAL_IDP_DEFAULTS.port;
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`IDP_PORT="${env.IDP_PORT}" is not a port number`);
  }
  const siteOrigins = env.IDP_SITE_ORIGINS
    ? env.IDP_SITE_ORIGINS.split(',').map((o) => new URL(o.trim()).origin)
    : LOCAL_IDP_DEFAULTS.siteOrigins;
  return { port, clientId: env.IDP_CLIENT_ID || LOCAL_IDP_DEFAULTS.clientId, siteOrigins };
}

/** The AUTH0_* variables that point a site build or dev server at the local provider. */
export function localAuthEnv(settings: LocalIdpSettings, siteOrigin: string): Record<string, string> {
  return {
    AUTH0_DOMAIN: `http://127.0.0.1:${settings.port}`,
    AUTH0_CLIENT_ID: settings.clientId,
    AUTH0_CALLBACK_URL: `${siteOrigin}/login/callback`,
    AUTH0_LOGOUT_REDIRECT_URL: `${siteOrigin}/`,
    MCP_AUDIENCE: `${siteOrigin}/mcp`,
  };
}
