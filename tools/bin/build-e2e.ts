// Builds every site configuration the e2e suite needs, once, into its own folder, and the main
// build's PDF books into it (tools/pdf), which the book tests and the gate's tests read.
// `tsx tools/bin/build-e2e.ts [name ...]` builds only the named ones. Last, the offline docs bundle
// (tools/bundle) of the preview build, into build-e2e/bundle/, whenever preview is built; the name
// `bundle` alone makes only the bundle, from the builds already there.
import { spawnSync } from 'node:child_process';
import { ENV_CONTRACT, VARIANTS, type VariantName } from '../build/e2eVariants';
import { buildBooks } from '../pdf/buildBooks';
import { makeBundle } from '../bundle/make';

const args = process.argv.slice(2);
const names = (args as VariantName[]).filter((n) => n in VARIANTS);
const bundleOnly = args.length > 0 && args.every((a) => a === 'bundle');
const selected = bundleOnly ? [] : names.length ? names.map((n) => VARIANTS[n]) : Object.values(VARIANTS);
/** Where the bundle spec (tests/e2e/bundle.spec.ts) finds the tarball. */
const BUNDLE_DIR = 'build-e2e/bundle';

async function main(): Promise<void> {
  for (const variant of selected) {
    const started = Date.now();
    console.log(`\n▶ building ${variant.name} (${variant.description}) into ${variant.dir}`);
    const env: NodeJS.ProcessEnv = { ...process.env, NO_UPDATE_NOTIFIER: '1' };
    // Variables of the caller's shell must not leak into a variant (e.g. a real AUTH0_DOMAIN).
    for (const key of ENV_CONTRACT) delete env[key];
    Object.assign(env, variant.env);
    const result = spawnSync('npx', ['docusaurus', 'build', '--out-dir', variant.dir], { env, stdio: 'inherit' });
    if (result.status !== 0) {
      console.error(`✖ the ${variant.name} build failed`);
      process.exit(result.status ?? 1);
    }
    console.log(`✔ ${variant.name} built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  if (selected.includes(VARIANTS.main)) {
    const started = Date.now();
    console.log(`\n▶ building the PDF books of ${VARIANTS.main.dir}`);
    await buildBooks({ buildDir: VARIANTS.main.dir, log: (line) => console.log(line) });
    console.log(`✔ books built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  // The preview build is the open one without Typesense; its Tag Manager is taken out of the
  // bundle's copy, and the main build's books are copied in rather than printed twice.
  if (bundleOnly || selected.includes(VARIANTS.preview)) {
    const started = Date.now();
    console.log(`\n▶ making the offline bundle of ${VARIANTS.preview.dir} into ${BUNDLE_DIR}`);
    const tarball = await makeBundle({
      from: VARIANTS.preview.dir,
      booksFrom: VARIANTS.main.dir,
      outDir: BUNDLE_DIR,
      log: (line) => console.log(line),
    });
    console.log(`✔ ${tarball} made in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}

main().catch((error: unknown) => {
  console.error(`✖ ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
