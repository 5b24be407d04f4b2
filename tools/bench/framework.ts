// `npm run bench:framework`: what each replacement of framework/ saves. Builds the site as it
// ships and once per replacement left to the framework (VERIQ_FRAMEWORK_UPSTREAM=<name>), then
// prints each page type's first load in gzip and its difference. Pass names to measure only those;
// `--reuse` builds only the variants missing from build-savings/; `--reference <git ref>` builds
// that commit as well (in a temporary worktree), to show what a change to the layer does.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { REPLACEMENTS } from '../../framework/replacements/registry';
import { createStaticServer, listen } from '../../server/node/siteServer';
import { ENV_CONTRACT } from '../build/e2eVariants';
import { timedBuild } from './buildTiming';
import { buildReference } from './referenceBuild';
import { measureFirstLoads, type BenchPage } from './firstLoad';
import { benchIdentity, signIn, startBenchIdp } from './session';
import { BENCH_PAGE_TYPES } from './pages';
import { TARGETS } from './targets';
import { recordHistory } from './history';

const PORT_BASE = Number(process.env.SAVINGS_PORT_BASE ?? 4395);
const PORTS = { site: PORT_BASE, idp: PORT_BASE + 1 };
const origin = (port: number) => `http://127.0.0.1:${port}`;
const OUT = 'build-savings';
const SHIPPED = 'shipped';

// Every build answers on the same origin, so one sign-in serves them all.
const identity = benchIdentity(PORTS.idp, origin(PORTS.site));

function buildEnv(upstream: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_UPDATE_NOTIFIER: '1', SITE_URL: origin(PORTS.site) };
  for (const key of ENV_CONTRACT) delete env[key];
  return { ...env, ...identity.buildEnv, VERIQ_FRAMEWORK_UPSTREAM: upstream === SHIPPED ? '' : upstream };
}

export async function run(args: string[]): Promise<void> {
  const reuse = args.includes('--reuse');
  const at = args.indexOf('--reference');
  const reference = at >= 0 ? args[at + 1] : undefined;
  if (at >= 0 && !reference) throw new Error('--reference needs a git ref');
  const names = args.filter((a, i) => !a.startsWith('--') && !(at >= 0 && i === at + 1));
  for (const name of names) {
    if (name !== 'all' && !(REPLACEMENTS as readonly string[]).includes(name))
      throw new Error(`Unknown replacement ${name}`);
  }
  const referenceVariant = reference ? `reference ${reference}` : null;
  const variants = [
    SHIPPED,
    ...(referenceVariant ? [referenceVariant] : []),
    ...(names.length ? names : reference ? [] : [...REPLACEMENTS, 'all']),
  ];
  const dirOf = (variant: string) => join(OUT, variant === referenceVariant ? 'reference' : variant);
  mkdirSync(OUT, { recursive: true });
  const seconds: Record<string, number> = {};
  for (const variant of variants) {
    if (!(reuse && existsSync(join(dirOf(variant), 'index.html')))) {
      console.log(`Building ${variant}…`);
      seconds[variant] =
        variant === referenceVariant
          ? (await buildReference(reference!, dirOf(variant), buildEnv(SHIPPED))).seconds
          : (await timedBuild(dirOf(variant), buildEnv(variant))).seconds;
    }
  }
  const sessionSecret = randomBytes(32).toString('base64url');
  const idp = await startBenchIdp(identity);
  const rows: Record<string, Record<string, number | string>> = {};
  try {
    let reader: BenchPage['reader'];
    for (const variant of variants) {
      const dir = dirOf(variant);
      if (!existsSync(dir)) throw new Error(`${dir} is missing: build it first`);
      // One session secret for every build's server: the one sign-in below must open each of them.
      const server = createStaticServer({ root: dir, gate: { sessionSecret } });
      await listen(server, PORTS.site);
      try {
        reader ??= await signIn(identity, origin(PORTS.site));
        const pages = BENCH_PAGE_TYPES.map(({ name, path, signedIn }) => ({
          name,
          path,
          reader: signedIn ? reader : undefined,
        }));
        // One variant that fails to load (a page that never hydrates) is reported, not fatal:
        // the other rows are still worth their builds.
        const loads = await measureFirstLoads('veriq', origin(PORTS.site), dir, pages, TARGETS.firstLoadGzipKiB).catch(
          (error: unknown) => {
            console.error(`${variant}: ${error instanceof Error ? error.message : String(error)}`);
            return null;
          },
        );
        rows[variant] = {
          ...(loads ? Object.fromEntries(loads.map((l) => [l.page, l.gzipKiB])) : { failed: 'see the log above' }),
          ...(seconds[variant] !== undefined ? { 'build s': seconds[variant] } : {}),
        };
      } finally {
        await new Promise((done) => server.close(done));
      }
    }
  } finally {
    await new Promise((done) => idp.close(done));
  }
  const shipped = rows[SHIPPED];
  const delta = Object.fromEntries(
    Object.entries(rows).map(([variant, row]) => [
      variant,
      Object.fromEntries(
        Object.entries(row).map(([page, kib]) => [
          page,
          page === 'build s' || page === 'failed'
            ? kib
            : `${kib} (${(Number(kib) - Number(shipped[page])).toFixed(1)})`,
        ]),
      ),
    ]),
  );
  console.log('First load, KiB gzip, with each replacement left to the framework (difference to the shipped build)');
  console.table(delta);
  console.log(`Written to ${recordHistory('framework', rows)}`);
}

