// `npm run serve:prod`: serves a build the way production does: the guides gate (gate/, with the
// same AUTH0_*, SKIP_AUTH and CONTEXT variables as the build), the deployed `_headers` (cache
// rules and the Content-Security-Policy from config/hosting.ts) and brotli/gzip.
//   BUILD_DIR=DIR PORT=N npm run serve:prod     (BUILD_DIR absolute or relative; default build/)
import { resolve, join } from 'node:path';
import { existsSync } from 'node:fs';
import { createStaticServer, listen } from './static-server';
import { readGateSettings } from '../gate/config';
import { searchKeyRoute } from '../gate/searchKeyRoute';

const root = resolve(process.cwd(), process.env.BUILD_DIR ?? 'build');
const port = Number(process.env.PORT ?? 3000);

if (!existsSync(join(root, '_headers'))) {
  console.error(`${root} has no _headers file: run "npm run build" first.`);
  process.exit(1);
}
const settings = readGateSettings((name) => process.env[name]);
listen(
  createStaticServer({ root, gate: { ...settings, searchKey: searchKeyRoute((name) => process.env[name]) } }),
  port,
).then(() => {
  const gate = settings.identity ? `guides gate enforced (${settings.identity.domain})` : 'guides gate open';
  console.log(`Serving ${root} with production headers and the ${gate} on http://127.0.0.1:${port}`);
});
