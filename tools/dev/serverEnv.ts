// The environment `npm start` gives the Docusaurus dev server (tools/bin/start.ts): the site's own
// origin as SITE_URL, so what the pages tell agents (Copy MCP server URL, the editors' install
// links, llms.txt, MCP tool output) names this server rather than production; and, with the
// local provider, the AUTH0_* variables that point sign-in at it.
import { DEFAULTS } from '../../config/env';
import { localAuthEnv, type LocalIdpSettings } from '../idp/config';

export function devServerEnv(
  base: NodeJS.ProcessEnv,
  siteOrigin: string,
  localIdp: LocalIdpSettings | null,
): NodeJS.ProcessEnv {
  return {
    ...base,
    NO_UPDATE_NOTIFIER: '1',
    SITE_URL: base.SITE_URL ?? siteOrigin,
    // A real tenant's API identifier is not this server's URL: keep the audience the build
    // would have had, unless the caller names one.
    ...(localIdp
      ? localAuthEnv(localIdp, siteOrigin)
      : { MCP_AUDIENCE: base.MCP_AUDIENCE ?? `${DEFAULTS.siteUrl}/mcp` }),
  };
}
