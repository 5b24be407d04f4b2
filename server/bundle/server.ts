// The offline bundle's web server (server.mjs): serve:prod's server (server/node/siteServer.ts),
// configured where the bundle is installed rather than where it was built. The gate's identity
// comes from the environment (./settings.ts), every request is taken to be for SITE_URL when set
// (a TLS proxy may front it), and every page carries the browser's sign-in settings in a <meta>.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { Server } from 'node:http';
import { join, resolve } from 'node:path';
import { runtimeAuthMetaTag } from '../../shared/auth/runtimeConfig';
import { accessTokenVerifier, createMcpHandler, type McpHandler } from '../mcp';
import { MCP_DATA_DIR, MCP_FILES } from '../mcp/data';
import { createStaticServer } from '../node/siteServer';
import { browserAuthConfig, bundleManifest, type BundleSettings } from './settings';

/** The MCP server over the build's data, for the identity and origin this bundle runs with. */
function mcpHandler(
  root: string,
  settings: BundleSettings,
  open: boolean,
  hasSession: (request: Request) => Promise<boolean>,
  headers: Record<string, string>,
): McpHandler {
  const dataDir = join(root, MCP_DATA_DIR);
  // Answers link to the site's canonical URL (the build's SITE_URL); readers of this bundle reach
  // it on the runtime SITE_URL, so the data's links name that one instead.
  const built = (
    JSON.parse(readFileSync(join(dataDir, MCP_FILES.site.slice(MCP_DATA_DIR.length)), 'utf8')) as {
      siteUrl: string;
    }
  ).siteUrl;
  const relink = settings.siteUrl && settings.siteUrl !== built ? settings.siteUrl : null;
  return createMcpHandler({
    readFile: (path) =>
      readFile(join(dataDir, path.slice(MCP_DATA_DIR.length)), 'utf8').then(
        (text) => (relink ? text.split(built).join(relink) : text),
        () => null,
      ),
    verifier: settings.identity ? accessTokenVerifier(settings.identity.domain, settings.mcpAudience!) : null,
    open,
    hasSession,
    headers,
  });
}

/** The page with the browser's sign-in settings as the first element of its <head>. */
export function withAuthMeta(html: string, meta: string): string {
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (!head) return html;
  const at = head.index + head[0].length;
  return html.slice(0, at) + meta + html.slice(at);
}

export interface BundleServerOptions {
  /** The bundle's `site/` folder: a build with its `.gate/` data. */
  root: string;
  settings: BundleSettings;
}

/**
 * The host names the bundle answers for: loopback names, IP literals (an address is not a name a
 * rebinding page controls; probes and port-forwards use them) and SITE_URL's host.
 */
export function bundleHost(settings: BundleSettings): (hostname: string) => boolean {
  const site = settings.siteUrl ? new URL(settings.siteUrl).hostname.toLowerCase() : null;
  return (hostname) =>
    hostname === site ||
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    hostname.startsWith('[') ||
    /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname);
}

export function createBundleServer(options: BundleServerOptions): Server {
  const root = resolve(options.root);
  const { settings } = options;
  const meta = runtimeAuthMetaTag(browserAuthConfig(settings));
  return createStaticServer({
    root,
    gate: {
      ...(settings.sessionSecret ? { sessionSecret: settings.sessionSecret } : {}),
      manifest: (built) => bundleManifest(built, settings),
      mcp: ({ access, hasSession, manifest }) =>
        mcpHandler(root, settings, access.kind === 'open', hasSession, manifest.securityHeaders),
    },
    ...(settings.siteUrl ? { origin: settings.siteUrl } : {}),
    transformHtml: (html) => withAuthMeta(html, meta),
    allowedHost: bundleHost(settings),
    precompress: true,
  });
}
