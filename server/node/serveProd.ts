// `npm run serve:prod`: serves a build as production does: the gate for the build's own provider
// (AUTH0_*, SKIP_AUTH and CONTEXT, when set, must match it), the build's `_headers`, brotli/gzip.
//   BUILD_DIR=DIR PORT=N [SESSION_SECRET=...] npm run serve:prod
// BUILD_DIR is absolute or relative (default build/). Without SESSION_SECRET, a random secret
// lives as long as this process, so sign-ins end when it stops.
import { resolve, join } from 'node:path';
import { existsSync } from 'node:fs';
import { createStaticServer, listen, type PrecompressSummary } from './siteServer';
import { mismatchWithBuild } from '../guide-gate/config';
import type { GateManifest } from '../guide-gate/manifest';
import { readGateManifest } from './readGateManifest';
import { searchKeyRoute } from '../search-key/searchKeyRoute';
import { sessionSigner } from '../guide-gate/session';

const root = resolve(process.cwd(), process.env.BUILD_DIR ?? 'build');
const port = Number(process.env.PORT ?? 3000);

if (!existsSync(join(root, '_headers'))) {
  console.error(`${root} has no _headers file: run "npm run build" first.`);
  process.exit(1);
}
let manifest: GateManifest;
try {
  manifest = readGateManifest(root);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const mismatch = mismatchWithBuild(manifest, (name) => process.env[name]);
if (mismatch) {
  console.error(mismatch);
  process.exit(1);
}
const sessionSecret = process.env.SESSION_SECRET?.trim() || undefined;
if (sessionSecret !== undefined) {
  const signer = sessionSigner(sessionSecret, 'check');
  if (typeof signer === 'string') {
    console.error(signer);
    process.exit(1);
  }
}
const gate = { searchKey: searchKeyRoute((name) => process.env[name]), sessionSecret };
// The build's text files and signed-out guide shells are compressed at the best quality in the
// background; until each is, requests compress it (quicker, a little larger) and keep that.
const precompress = {
  onDone: ({ bodies, bytes, compressedBytes, ms }: PrecompressSummary) =>
    console.log(
      `Precompressed ${bodies} bodies (${(bytes / 2 ** 20).toFixed(1)} MiB; brotli and gzip ${(compressedBytes / 2 ** 20).toFixed(1)} MiB) in ${(ms / 1000).toFixed(1)} s`,
    ),
};
listen(createStaticServer({ root, gate, precompress }), port).then(
  () => {
    const state = manifest.open
      ? 'guides open to every reader (preview or SKIP_AUTH build)'
      : manifest.identity
        ? `guides gate enforced (${manifest.identity.domain}${sessionSecret ? '' : '; sessions signed with a per-process secret'})`
        : 'guides closed (the build has no identity provider)';
    console.log(`Serving ${root} with production headers and ${state} on http://127.0.0.1:${port}`);
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
