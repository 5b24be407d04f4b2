// server.mjs of the offline docs bundle (esbuild bundles this file with every dependency; see
// tools/bundle/entries.ts): serves the `site/` folder beside it.
//   node server.mjs            serve (PORT, HOST, OIDC_ISSUER, OIDC_CLIENT_ID, SITE_URL, SESSION_SECRET)
//   node server.mjs --verify   check every file of the bundle against SHA256SUMS
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MANIFEST_PATH } from '../guide-gate/manifest';
import { SUMS_FILE, verifyBundle } from './checksums';
import { createBundleServer } from './server';
import { BundleSettingsError, describeAccess, readBundleSettings, type BundleSettings } from './settings';

const HELP = `Usage: node server.mjs [--verify]

Serves the Veriq documentation in site/ (pages, search, guides, PDF books, MCP at /mcp).
  --verify   check every file of this folder against ${SUMS_FILE}, then exit

Environment:
  PORT            port to listen on (default 8080)
  HOST            address to listen on (default 127.0.0.1; 0.0.0.0 in a container)
  OIDC_ISSUER     https origin of the identity provider; with OIDC_CLIENT_ID, guides need a sign-in
  OIDC_CLIENT_ID  the client id readers sign in with
  SITE_URL        the origin readers use (required with OIDC_ISSUER)
  SESSION_SECRET  signs sessions (32+ characters); unset, sign-ins end when the server stops
  MCP_AUDIENCE    audience of MCP access tokens (default SITE_URL/mcp)
`;

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);

function fail(lines: string[]): never {
  for (const line of lines) console.error(line);
  process.exit(1);
}

if (args.includes('--help') || args.includes('-h')) {
  process.stdout.write(HELP);
  process.exit(0);
}
const unknown = args.filter((a) => a !== '--verify');
if (unknown.length > 0) fail([`Unknown argument ${unknown[0]}: node server.mjs [--verify] (see --help)`]);

if (args.includes('--verify')) {
  const { matched, problems } = verifyBundle(here);
  if (problems.length > 0) fail([...problems, `FAILED: ${problems.length} problem(s); ${matched} file(s) matched`]);
  console.log(`OK: ${matched} files match ${SUMS_FILE}`);
  process.exit(0);
}

let settings: BundleSettings;
try {
  settings = readBundleSettings((name) => process.env[name]);
} catch (error) {
  fail(error instanceof BundleSettingsError ? error.problems : [String(error)]);
}
const root = join(here, 'site');
if (!existsSync(join(root, MANIFEST_PATH))) fail([`${root} has no ${MANIFEST_PATH}: unpack the whole bundle again.`]);

const server = createBundleServer({ root, settings });
server.once('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EADDRINUSE')
    fail([`PORT ${settings.port} is in use on ${settings.host}: set PORT to a free port.`]);
  if (error.code === 'EADDRNOTAVAIL') fail([`HOST ${settings.host} is not an address of this machine: set HOST.`]);
  fail([`Cannot listen on ${settings.host}:${settings.port}: ${error.message}`]);
});
server.listen(settings.port, settings.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : settings.port;
  const shown = settings.host.includes(':') ? `[${settings.host}]` : settings.host;
  console.log(`Serving ${root} with ${describeAccess(settings)} on http://${shown}:${port}`);
});

const stop = () => {
  server.close(() => process.exit(0));
  // Keep-alive connections of browsers would hold close() open.
  server.closeAllConnections();
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
