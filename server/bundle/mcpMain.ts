// mcp.mjs of the offline docs bundle (esbuild bundles this file with every dependency; see
// tools/bundle/entries.ts): the site's MCP server, its four tools over the `site/.gate/mcp` data
// beside it, on stdio. Whoever runs it holds the whole bundle, guides included, so it answers with
// a signed-in reader's rights. Only protocol messages go to stdout; logs go to stderr.
//   node mcp.mjs     (SITE_URL, optional: the origin the answers' links name)
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { MCP_DATA_DIR, MCP_FILES } from '../mcp/data';
import { logLine } from '../mcp/log';
import { siteReader } from '../mcp/reader';
import { buildServer } from '../mcp/tools';
import { BundleSettingsError, readBundleSettings } from './settings';

const here = dirname(fileURLToPath(import.meta.url));
const dataDir = join(here, 'site', MCP_DATA_DIR);

function fail(lines: string[]): never {
  for (const line of lines) console.error(line);
  process.exit(1);
}

let siteUrl: string | null;
try {
  // Only SITE_URL matters here; the other variables are the web server's.
  siteUrl = readBundleSettings((name) => (name === 'SITE_URL' ? process.env[name] : undefined)).siteUrl;
} catch (error) {
  fail(error instanceof BundleSettingsError ? error.problems : [String(error)]);
}
let built: string;
try {
  built = (
    JSON.parse(readFileSync(join(dataDir, MCP_FILES.site.slice(MCP_DATA_DIR.length)), 'utf8')) as { siteUrl: string }
  ).siteUrl;
} catch {
  fail([`${dataDir} holds no MCP data: unpack the whole bundle again.`]);
}
const relink = siteUrl && siteUrl !== built ? siteUrl : null;
const reader = siteReader((path) =>
  readFile(join(dataDir, path.slice(MCP_DATA_DIR.length)), 'utf8').then(
    (text) => (relink ? text.split(built).join(relink) : text),
    () => null,
  ),
);

serveStdio(
  () =>
    buildServer({
      reader,
      rights: true,
      origin: siteUrl ?? built,
      signIn: null,
      log: (entry) => process.stderr.write(logLine(entry) + '\n'),
      now: () => performance.now(),
    }),
  { onerror: (error) => console.error('mcp:', error.message) },
);
