// `npm run bench -- answers --reference <git ref> [--reuse] [--http1]`: how soon the chrome
// answers a tap at first paint on a phone (menu, search with typing, colour mode, Copy page), on
// an install page, a release page and a signed-in guide, for this tree beside today's build (the
// ref, built in the same run) and stock Docusaurus; with each page's paint, Lighthouse (LCP, TBT,
// score), first-load bytes and the head scripts' size beside today's. The phone reaches the
// site over HTTP/2 as production's does (./http2Front.ts); `--http1` measures the plain server.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { Http2SecureServer } from 'node:http2';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildSync } from 'esbuild';
import { createStaticServer, listen } from '../../server/node/siteServer';
import { readGateManifest } from '../../server/node/readGateManifest';
import { ENV_CONTRACT } from '../build/e2eVariants';
import { timedBuild } from './buildTiming';
import { headScriptSize, measureAnswers, type AnswerRow } from './firstTap';
import { measureFirstLoads, type BenchPage, type FirstLoad, type Site } from './firstLoad';
import { startHttp2Front } from './http2Front';
import { recordHistory } from './history';
import { runLighthouse } from './lighthouseBench';
import { BENCH_PAGE_TYPES } from './pages';
import { buildReference, commitOf } from './referenceBuild';
import { benchIdentity, signIn, startBenchIdp } from './session';
import { buildStockSite } from './stockSite';
import { checkAnswerTargets, TARGETS } from './targets';

const PAGES = ['install page', 'release notes', 'connection guide, signed in'];
const PORT_BASE = Number(process.env.ANSWERS_PORT_BASE ?? 4400);
const PORTS = { veriq: PORT_BASE, today: PORT_BASE + 1, stock: PORT_BASE + 2, idp: PORT_BASE + 3 };
const FRONT = 10;
const OUT = 'build-bench-answers';
const TRIES = Math.max(5, Number(process.env.BENCH_TAP_TRIES ?? 5) || 5);
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3) || 3);
const http = (port: number) => `http://127.0.0.1:${port}`;

// Both builds answer on the site's origin: the one sign-in opens each gate.
const identity = benchIdentity(PORTS.idp, http(PORTS.veriq));

function buildEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_UPDATE_NOTIFIER: '1', SITE_URL: http(PORTS.veriq) };
  for (const key of ENV_CONTRACT) delete env[key];
  return { ...env, ...identity.buildEnv };
}

/** Builds `dir` unless `--reuse` finds it built from the same commit (a stamp beside it). */
async function ensureBuilt(
  dir: string,
  stamp: string,
  reuse: boolean,
  build: () => Promise<unknown>,
  site = dir,
): Promise<void> {
  const stampFile = `${dir}.stamp`;
  if (reuse && existsSync(join(site, 'index.html')) && existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) {
    console.log(`Reusing ${dir} (${stamp})`);
    return;
  }
  console.log(`Building ${dir} (${stamp})…`);
  await build();
  writeFileSync(stampFile, stamp);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : 0;
};

export async function run(args: string[]): Promise<void> {
  const at = args.indexOf('--reference');
  const reference = at >= 0 ? args[at + 1] : undefined;
  if (!reference) throw new Error('usage: npm run bench -- answers --reference <git ref of today> [--reuse] [--http1]');
  const reuse = args.includes('--reuse');
  const overHttp2 = !args.includes('--http1');
  const todayCommit = commitOf(reference);
  const dirs = { veriq: join(OUT, 'veriq'), today: join(OUT, 'today'), stock: join(OUT, 'stock') };
  mkdirSync(OUT, { recursive: true });

  // A tree with changes not committed has no stamp to match: it is always built.
  const clean = execFileSync('git', ['status', '--porcelain'], { encoding: 'utf8' }).trim() === '';
  const treeStamp = clean ? commitOf('HEAD') : `changed tree ${Date.now()}`;
  await ensureBuilt(dirs.veriq, treeStamp, reuse, () => timedBuild(dirs.veriq, buildEnv()));
  await ensureBuilt(dirs.today, todayCommit, reuse, () => buildReference(todayCommit, dirs.today, buildEnv()));
  const paths = BENCH_PAGE_TYPES.filter((p) => PAGES.includes(p.name)).map((p) => p.path);
  let stockRoot = join(dirs.stock, 'build');
  await ensureBuilt(
    dirs.stock,
    `stock ${paths.join(' ')}`,
    reuse,
    () => {
      stockRoot = buildStockSite(dirs.stock, paths, { ...process.env, NO_UPDATE_NOTIFIER: '1' });
      return Promise.resolve();
    },
    stockRoot,
  );

  const sessionSecret = randomBytes(32).toString('base64url');
  const servers: (Server | Http2SecureServer)[] = [
    createStaticServer({ root: dirs.veriq, gate: { sessionSecret } }),
    createStaticServer({ root: dirs.today, gate: { sessionSecret } }),
    createStaticServer({ root: stockRoot }),
  ];
  await listen(servers[0] as Server, PORTS.veriq);
  await listen(servers[1] as Server, PORTS.today);
  await listen(servers[2] as Server, PORTS.stock);
  const sites: { site: Site; port: number; root: string }[] = [
    { site: 'veriq', port: PORTS.veriq, root: dirs.veriq },
    { site: 'today', port: PORTS.today, root: dirs.today },
    { site: 'stock', port: PORTS.stock, root: stockRoot },
  ];
  for (const { port } of sites) if (overHttp2) servers.push(await startHttp2Front(port + FRONT, port));
  const phoneOrigin = (port: number) => (overHttp2 ? `https://127.0.0.1:${port + FRONT}` : http(port));
  const idp = await startBenchIdp(identity);
  try {
    const reader = await signIn(identity, http(PORTS.veriq));
    const pages: BenchPage[] = BENCH_PAGE_TYPES.filter((p) => PAGES.includes(p.name)).map(({ name, path, signedIn }) => ({
      name,
      path,
      reader: signedIn ? reader : undefined,
    }));
    // Cookies ignore ports; Chromium sends a cookie set without `Secure` over https as well.
    console.log(`Answers to a tap at first paint, phone profile, ${TRIES} loads each, over ${overHttp2 ? 'HTTP/2' : 'HTTP/1.1'}…`);
    const answers: AnswerRow[] = [];
    for (const { site, port } of sites) answers.push(...(await measureAnswers(site, phoneOrigin(port), pages, TRIES)));

    console.log('First-load bytes…');
    const firstLoads: FirstLoad[] = [];
    for (const { site, port, root } of sites) {
      firstLoads.push(...(await measureFirstLoads(site, http(port), root, pages, TARGETS.firstLoadGzipKiB)));
    }
    console.log(`Lighthouse, median of ${LIGHTHOUSE_RUNS} runs…`);
    const { rows: lighthouse } = await runLighthouse(
      sites.map(({ site, port }) => ({ site, origin: http(port), desktop: false })),
      pages,
      LIGHTHOUSE_RUNS,
      new Set(readGateManifest(dirs.veriq).guideChunks),
    );
    const heads = [];
    for (const { site, port } of sites) heads.push({ site, ...(await headScriptSize(http(port), pages[0].path)) });
    const standinsFile = /<script src=["']?\/(assets\/early-input\/[^"' >]+)/.exec(
      readFileSync(join(dirs.veriq, `${pages[0].path.slice(1)}.html`), 'utf8'),
    )?.[1];
    const gzipKiB = (bytes: Uint8Array) => Math.round((gzipSync(bytes, { level: 9 }).length / 1024) * 10) / 10;
    const standinsFileKiB = standinsFile ? gzipKiB(readFileSync(join(dirs.veriq, standinsFile))) : 0;
    // The app's side of the hand-over, minified on its own (what it imports is in the app already).
    const handoverKiB = gzipKiB(
      buildSync({
        entryPoints: ['src/early-input/handover.ts'],
        bundle: true,
        minify: true,
        format: 'esm',
        write: false,
        external: ['../search/*'],
      }).outputFiles[0].contents,
    );
    const standinsGzipKiB = Math.round((standinsFileKiB + handoverKiB) * 10) / 10;

    const figures = (site: Site, page: string) => {
      const lh = lighthouse.find((r) => r.site === site && r.page === page && r.cpu === '4x')!;
      return {
        paintMs: median(answers.filter((a) => a.site === site && a.page === page).flatMap((a) => a.paints)),
        lcpMs: lh.lcpMs,
        tbtMs: lh.tbtMs,
        performance: lh.performance,
        firstLoadGzipKiB: firstLoads.find((f) => f.site === site && f.page === page)!.gzipKiB,
      };
    };
    const besides = pages.map(({ name }) => ({ page: name, veriq: figures('veriq', name), today: figures('today', name) }));
    const table = pages.flatMap(({ name }) => {
      const row = (site: Site) => {
        const of = (control: string) => answers.find((a) => a.site === site && a.page === name && a.control === control);
        const cell = (control: string) => {
          const a = of(control);
          if (!a) return 'no such control';
          return a.answerAfterPaintMs === null ? `never (${a.answered})` : `+${a.answerAfterPaintMs} (${a.answered})`;
        };
        const f = figures(site, name);
        return {
          page: name,
          site,
          paint: Math.round(f.paintMs),
          'tap at': of('menu')?.tapAfterPaintMs ?? null,
          menu: cell('menu'),
          search: cell('search'),
          colour: cell('colour'),
          copy: cell('copy'),
          hydrated: of('menu')?.hydratedMs ?? null,
          LCP: Math.round(f.lcpMs),
          TBT: Math.round(f.tbtMs),
          score: f.performance,
          'first load KiB gz': f.firstLoadGzipKiB,
        };
      };
      return sites.map(({ site }) => row(site));
    });
    const checks = checkAnswerTargets(
      answers.filter((a) => a.site === 'veriq'),
      besides,
      standinsGzipKiB,
    );
    console.log(`\nms after paint (loads answered), phone profile; today = ${reference} (${todayCommit.slice(0, 7)})`);
    console.table(table);
    console.log('Head scripts (bytes): the inline early-input script and the stand-ins file');
    console.table(heads);
    console.log(`Targets: ${checks.filter((c) => c.met).length} of ${checks.length} met`);
    console.table(checks.map((c) => ({ ...c, met: c.met ? 'met' : 'MISSED' })));
    const written = recordHistory('answers', {
      reference: { ref: reference, commit: todayCommit },
      transport: overHttp2 ? 'HTTP/2' : 'HTTP/1.1',
      tries: TRIES,
      lighthouseRuns: LIGHTHOUSE_RUNS,
      table,
      answers,
      firstLoads,
      lighthouse,
      heads,
      standinsGzipKiB: { file: standinsFileKiB, handover: handoverKiB },
      checks,
    });
    console.log(`Written to ${written}`);
    process.exitCode = checks.every((c) => c.met) ? 0 : 1;
  } finally {
    for (const server of servers) server.close();
    idp.close();
  }
}
