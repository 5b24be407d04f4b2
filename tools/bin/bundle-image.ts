// `npm run bundle:image`: the offline bundle's server as an OCI image (tools/bundle/image.ts), written
// next to the bundle as a layout folder and an oci-archive tarball with its .sha256.
//   --bundle PATH   the bundle tarball or folder (default: the first of BUNDLE_CANDIDATES that exists)
//   --out DIR       where to write (default: the bundle's folder)
//   --check         then unpack the image with umoci and GET / from its entrypoint under chroot (root only)
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { buildImage, ImageSetupError, inspectArchive, hasCommand, smokeTest } from '../bundle/image';

/** Where the bundle lands: the e2e build's copy, then `npm run bundle`'s default output. */
const BUNDLE_CANDIDATES = ['build-e2e/bundle/veriq-docs-6.5.tar.gz', 'build-bundle/veriq-docs-6.5.tar.gz'];

const { values } = parseArgs({
  options: {
    bundle: { type: 'string', default: BUNDLE_CANDIDATES.find((f) => existsSync(f)) ?? BUNDLE_CANDIDATES[0] },
    out: { type: 'string' },
    check: { type: 'boolean', default: false },
  },
});

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

async function main(): Promise<void> {
  const t0 = Date.now();
  const result = await buildImage({ bundle: values.bundle, outDir: values.out, log: (line) => console.log(line) });
  for (const layer of result.layers) {
    console.log(`layer ${layer.name}: ${mib(layer.bytes)} (${mib(layer.compressedBytes)} gzip)`);
  }
  console.log(`image ${result.name}:${result.tag} ${result.manifestDigest}`);
  console.log(`layout  ${result.layout}`);
  console.log(`archive ${result.archive} (${mib(result.archiveBytes)}, sha256 ${result.archiveSha256})`);
  console.log(`built in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  if (hasCommand('skopeo')) {
    const seen = inspectArchive(result.archive);
    console.log(`skopeo reads ${seen.Os}/${seen.Architecture}, ${seen.Layers.length} layers, ${seen.Digest}`);
  }
  if (values.check) {
    const smoke = await smokeTest({ layout: result.layout, tag: result.tag, log: (line) => console.log(line) });
    console.log(`GET / → ${smoke.status} (${smoke.bytes} bytes) from uid ${smoke.uid} in ${smoke.ms} ms`);
    if (smoke.status !== 200 || smoke.uid === 0) process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ImageSetupError ? error.message : error);
  process.exitCode = 1;
});
