// The offline docs bundle, `veriq-docs-<release>.tar.gz`, whose single folder holds:
//   site/           the build as built, PDF books included, made offline (./offline.ts)
//   server.mjs      the web server, mcp.mjs the MCP server on stdio (./entries.ts)
//   README.md       verify, run, configure (./readme.ts)
//   sbom.cdx.json   the production dependencies (./artifacts.ts)
//   SHA256SUMS      every other file (server/bundle/checksums.ts)
// and beside the tarball, `<tarball>.sha256` to publish with it.
// From an existing build (`--from`), or from a build of its own made for offline use.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { BOOK_RELEASE, BOOKS } from '../../shared/books';
import { MANIFEST_PATH } from '../../server/guide-gate/manifest';
import { MCP_FILES } from '../../server/mcp/data';
import { checksumsOf, sha256File, SUMS_FILE, verifyBundle } from '../../server/bundle/checksums';
import { ENV_CONTRACT } from '../build/e2eVariants';
import { buildBooks } from '../pdf/buildBooks';
import { bundleEntries } from './entries';
import { makeOffline } from './offline';
import { bundleReadme } from './readme';
import { writeSbom, writeTarball } from './artifacts';

/** Where `npm run bundle` builds the site for the bundle (never build/, the deployable one). */
export const BUNDLE_BUILD_DIR = 'build-bundle/site';
export const DEFAULT_OUT_DIR = 'build-bundle';
/** The origin the bundle's build names in canonical links, twins and llms.txt: the default run. */
export const BUNDLE_SITE_URL = 'http://localhost:8080';

/** The bundle's folder and file name: `veriq-docs-6.5`. */
export const bundleFolderName = (release = BOOK_RELEASE) => `veriq-docs-${release}`;

export interface MakeBundleOptions {
  /** A built site to bundle; absent: build one for offline use into BUNDLE_BUILD_DIR. */
  from?: string;
  /** Where the tarball goes. */
  outDir?: string;
  /**
   * A build of the same sources whose PDF books to copy when `from` has none (the e2e builds print
   * them once, into the main build); without one, or without its books, they are printed.
   */
  booksFrom?: string;
  /** Progress lines (the CLI sends them to stderr, so stdout ends with the tarball's path). */
  log?: (line: string) => void;
}

/** The environment of the bundle's own build: guides open, no tag manager, no provider, no Typesense. */
export function offlineBuildEnv(base: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...base, NO_UPDATE_NOTIFIER: '1' };
  for (const key of [...ENV_CONTRACT, 'CSP_REPORT_URL', 'SESSION_SECRET', 'TYPESENSE_ADMIN_API_KEY']) delete env[key];
  return { ...env, SKIP_AUTH: 'true', SITE_URL: BUNDLE_SITE_URL };
}

function buildSite(dir: string, log: (line: string) => void): void {
  log(`building the site for offline use into ${dir}`);
  const result = spawnSync('npx', ['docusaurus', 'build', '--out-dir', dir], {
    env: offlineBuildEnv(process.env),
    stdio: ['ignore', process.stderr, process.stderr],
  });
  if (result.status !== 0) throw new Error(`the site build failed (exit ${result.status ?? result.signal})`);
}

/** Throws unless `dir` holds a build with the files the bundle's servers read. */
function checkBuild(dir: string): void {
  const needed = [
    'index.html',
    '404.html',
    '_headers',
    MANIFEST_PATH,
    MCP_FILES.site.slice(1),
    MCP_FILES.auth.slice(1),
  ];
  const missing = needed.filter((file) => !existsSync(join(dir, file)));
  if (missing.length > 0) {
    throw new Error(
      `${dir} is not a complete build (no ${missing.join(', ')}): run "npm run build" or "npm run bundle".`,
    );
  }
}

const missingBooks = (site: string) => BOOKS.filter((book) => !existsSync(join(site, book.file)));

/** Makes the bundle; returns the tarball's absolute path. */
export async function makeBundle(options: MakeBundleOptions = {}): Promise<string> {
  const log = options.log ?? (() => {});
  const outDir = resolve(options.outDir ?? DEFAULT_OUT_DIR);
  const name = bundleFolderName();
  let source: string;
  if (options.from) {
    source = resolve(options.from);
  } else {
    source = resolve(BUNDLE_BUILD_DIR);
    buildSite(source, log);
    log(`printing the PDF books into ${source}`);
    await buildBooks({ buildDir: source, log });
  }
  checkBuild(source);

  const stage = join(outDir, `.stage-${process.pid}`);
  const top = join(stage, name);
  const site = join(top, 'site');
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(top, { recursive: true });
  try {
    log(`copying ${source} into ${name}/site`);
    cpSync(source, site, { recursive: true });
    const books = options.booksFrom ? resolve(options.booksFrom) : null;
    if (missingBooks(site).length > 0 && books && missingBooks(books).length === 0) {
      log(`${source} has no PDF books: copying those of ${books}`);
      for (const book of BOOKS) cpSync(join(books, book.file), join(site, book.file));
    }
    if (missingBooks(site).length > 0) {
      log(`${source} has no PDF books: printing them into the bundle's copy`);
      await buildBooks({ buildDir: site, log });
    }
    const offline = await makeOffline(site, { log, source });
    const hashes = (list: string) => ` <${list.trim().split(' ').length} script hashes>`;
    log(`Content-Security-Policy: ${offline.policy.replace(/( 'sha256-[^']+')+/g, hashes)}`);
    await bundleEntries(top);
    writeFileSync(join(top, 'README.md'), bundleReadme({ release: BOOK_RELEASE, name }));
    writeSbom(join(top, 'sbom.cdx.json'));
    writeFileSync(join(top, SUMS_FILE), checksumsOf(top));
    const verified = verifyBundle(top);
    if (verified.problems.length > 0) throw new Error(`the bundle does not verify: ${verified.problems[0]}`);
    log(`${verified.matched} files in ${SUMS_FILE}`);

    mkdirSync(outDir, { recursive: true });
    const tarball = join(outDir, `${name}.tar.gz`);
    await writeTarball(stage, name, tarball);
    // The tarball's own checksum, to publish beside it (README.md: Verify).
    writeFileSync(`${tarball}.sha256`, `${sha256File(tarball)}  ${basename(tarball)}\n`);
    return tarball;
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}
