// `npm run serve:prod`: serves a build the way production does: the guides gate (gate/, for the
// provider the build was made with; AUTH0_*, SKIP_AUTH and CONTEXT, when set, must match it), the
// deployed `_headers` (cache rules and the Content-Security-Policy from config/hosting.ts) and
// brotli/gzip.
//   BUILD_DIR=DIR PORT=N npm run serve:prod     (BUILD_DIR absolute or relative; default build/)
import { resolve, join } from 'node:path';
import { existsSync } from 'node:fs';
import { createStaticServer, listen } from './static-server';
import { mismatchWithBuild } from '../gate/config';
import type { GateManifest } from '../gate/manifest';
import { readGateManifest } from './readGateManifest';
import { searchKeyRoute } from '../gate/searchKeyRoute';

const root = resolve(process.cwd(), process.env.BUILD_DIR ?? 'build');
const port = Number(process.env.PORT ?? 3000);

if (!existsSync(join(root, '_headers'))) {
  console.error(`${root} has no _headers file: run "npm run build" first.`);
  process.exit(1);
}
let identity: GateManifest['identity'];
try {
  ({ identity } = readGateManifest(root));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const mismatch = mismatchWithBuild(identity, (name) => process.env[name]);
if (mismatch) {
  console.error(mismatch);
  process.exit(1);
}
listen(createStaticServer({ root, gate: { searchKey: searchKeyRoute((name) => process.env[name]) } }), port).then(
  () => {
    const gate = identity ? `guides gate enforced (${identity.domain})` : 'guides gate open';
    console.log(`Serving ${root} with production headers and the ${gate} on http://127.0.0.1:${port}`);
  },
);
