// Sign-in settings a server hands the browser at run time, in a <meta> of each page it serves.
// The browser prefers them to the ones the build put in customFields (shared/auth/config.ts).
// Only the offline bundle's server (server/bundle) writes the tag: it decides at start-up whether
// the guides are open or which provider signs readers in, long after the site was built.
import { readAuthConfig, type SiteAuthConfig } from './config.ts';

/** The `name` of the <meta> element; its `content` is the config as JSON. */
export const RUNTIME_AUTH_META = 'veriq-auth';

const ATTRIBUTE_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '"': '&quot;',
  "'": '&#39;',
  '<': '&lt;',
  '>': '&gt;',
};

/** The <meta> element that carries `config`, its JSON escaped for a double-quoted attribute. */
export function runtimeAuthMetaTag(config: SiteAuthConfig): string {
  const content = JSON.stringify(config).replace(/[&"'<>]/g, (c) => ATTRIBUTE_ESCAPES[c]);
  return `<meta name="${RUNTIME_AUTH_META}" content="${content}">`;
}

/** The config in a <meta> element's content, or null when there is none or it is not an object. */
export function parseRuntimeAuthConfig(content: string | null | undefined): SiteAuthConfig | null {
  if (!content) return null;
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  return readAuthConfig({ auth: value });
}
