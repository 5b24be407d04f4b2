// A bounded load test of `npm run serve:prod` (the Node server with the guides gate), as a browser
// loads it (`Accept-Encoding: br, gzip`): 64 connections for 10 s on a guide page signed in, then
// signed out, while one more connection reads a public page, whose p99 is compared with the same
// page unloaded. `--reference <git ref>` runs the same load, in the same run, against the
// serve:prod of that ref over the same build. Why: maintainers/decisions/2026-11-27-node-server-compression.md
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { readGateManifest } from '../../server/node/readGateManifest';
import { LOOPBACK_COOKIE } from '../../server/guide-gate/cookies';
import { mintSession, sessionSigner, type SessionSigner } from '../../server/guide-gate/session';
import { recordHistory } from './history';

export const LOAD = { connections: 64, durationSeconds: 10 };
/** What serve:prod must hold (maintainers/performance.md). */
export const LOAD_TARGETS = { requestsPerSecond: 1000, p99Ms: 200, publicP99Ratio: 2 };
/** Every request asks for what a browser accepts. */
export const BROWSER_ENCODING = 'br, gzip';

const GUIDE = '/guides/connections/snowflake';
const PUBLIC = '/install-options';

export interface LoadRow {
  server: string;
  load: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Body bytes per response: brotli shows as a fraction of the page's size. */
  kibPerResponse: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  /** The public page read over one more connection meanwhile (for the unloaded row: alone). */
  publicP50Ms: number;
  publicP99Ms: number;
  rssBeforeMiB: number;
  rssAfterMiB: number;
}

export interface LoadCheck {
  server: string;
  check: string;
  value: number;
  limit: number;
  met: boolean;
}

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kib / 1024);
}

/** A serve:prod to measure: this checkout, or an export of a git ref. */
interface Target {
  name: string;
  /** The checkout whose server/node/serveProd.ts runs. */
  dir: string;
  port: number;
  /** Whether its serve:prod precompresses at start (this checkout): measured once that is done. */
  precompresses: boolean;
}

async function startServer(target: Target, buildDir: string, secret: string): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    BUILD_DIR: buildDir,
    PORT: String(target.port),
    SESSION_SECRET: secret,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/node/serveProd.ts'], {
    cwd: target.dir,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const wanted = target.precompresses ? 'Precompressed' : 'Serving';
  await new Promise<void>((ready, fail) => {
    let seen = '';
    child.stdout.on('data', (d: Buffer) => {
      seen += d.toString();
      if (seen.includes(wanted)) ready();
    });
    child.once('exit', (code) => fail(new Error(`${target.name}: serve:prod exited with ${code}\n${seen}`)));
  });
  child.stdout.resume();
  return child;
}

function fire(
  url: string,
  requests: autocannon.Request[],
  connections: number,
  duration: number,
  overallRate?: number,
): Promise<autocannon.Result> {
  return new Promise((done, fail) => {
    autocannon(
      {
        url,
        connections,
        duration,
        requests,
        timeout: 10,
        headers: { 'accept-encoding': BROWSER_ENCODING },
        ...(overallRate ? { overallRate } : {}),
      },
      (error, result) => (error ? fail(error as Error) : done(result)),
    );
  });
}

/**
 * One connection reading `path` over and over for `seconds`, in a process of its own (so the load
 * generator's event loop does not delay it): its latencies' p50 and p99 in ms.
 */
function probe(url: string, seconds: number): Promise<{ p50: number; p99: number; count: number }> {
  const script = `
    const http = require('node:http');
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const end = Date.now() + ${seconds * 1000};
    const times = [];
    const one = () => new Promise((done, fail) => {
      const start = process.hrtime.bigint();
      http.get(${JSON.stringify(url)}, { agent, headers: { 'accept-encoding': ${JSON.stringify(BROWSER_ENCODING)} } }, (res) => {
        res.resume();
        res.on('end', () => { times.push(Number(process.hrtime.bigint() - start) / 1e6); done(); });
      }).on('error', fail);
    });
    (async () => {
      while (Date.now() < end) await one();
      times.sort((a, b) => a - b);
      const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
      console.log(JSON.stringify({ p50: at(0.5), p99: at(0.99), count: times.length }));
    })();`;
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) =>
      code === 0
        ? done(JSON.parse(out) as { p50: number; p99: number; count: number })
        : fail(new Error(`probe exited ${code}`)),
    );
  });
}

const round1 = (n: number) => Math.round(n * 10) / 10;

/** The loads, each on every target in turn, so drift over the run hits them alike. */
export async function measureLoad(buildDir: string, port: number, reference?: string): Promise<LoadRow[]> {
  const manifest = readGateManifest(buildDir);
  if (!manifest.identity) throw new Error(`${buildDir} was built without an identity provider: no gate to load.`);
  const secret = randomBytes(32).toString('base64url');
  const signer = sessionSigner(secret, manifest.identity.clientId) as SessionSigner;
  const now = Math.floor(Date.now() / 1000);
  const session = await mintSession(signer, { sub: 'bench-load', exp: now + 3600, authExp: now + 3600 });
  const cookie = `${LOOPBACK_COOKIE}=${session}`;
  const build = resolve(buildDir);

  const targets: Target[] = [{ name: 'this tree', dir: process.cwd(), port, precompresses: true }];
  let exported: string | null = null;
  if (reference) {
    exported = exportRef(reference);
    targets.push({ name: `reference ${reference}`, dir: exported, port: port + 1, precompresses: false });
  }
  const servers = new Map<Target, ChildProcess>();
  const rows: LoadRow[] = [];
  try {
    for (const target of targets) servers.set(target, await startServer(target, build, secret));
    // As many requests as the server answers (each connection asks again as soon as it has its
    // answer), then the target rate only, which leaves a server that meets it room to spare.
    const signedIn: autocannon.Request[] = [{ method: 'GET', path: GUIDE, headers: { cookie } }];
    const signedOut: autocannon.Request[] = [{ method: 'GET', path: GUIDE }];
    const loads: [string, autocannon.Request[], number | undefined][] = [
      ['guide, signed in', signedIn, undefined],
      ['guide, signed out', signedOut, undefined],
      [
        `guide, signed out, ${LOAD_TARGETS.requestsPerSecond} requests/s offered`,
        signedOut,
        LOAD_TARGETS.requestsPerSecond,
      ],
    ];
    for (const target of targets) {
      const pid = servers.get(target)!.pid!;
      const before = rssMiB(pid);
      // Warm: the first requests compress what the background pass has not (the reference: all).
      await fire(`http://127.0.0.1:${target.port}`, [{ method: 'GET', path: PUBLIC }, ...signedIn, ...signedOut], 4, 2);
      const alone = await probe(`http://127.0.0.1:${target.port}${PUBLIC}`, 5);
      rows.push({
        server: target.name,
        load: `${PUBLIC} alone, one connection`,
        requestsPerSecond: Math.round(alone.count / 5),
        p50Ms: round1(alone.p50),
        p99Ms: round1(alone.p99),
        kibPerResponse: 0,
        errors: 0,
        timeouts: 0,
        non2xx: 0,
        publicP50Ms: round1(alone.p50),
        publicP99Ms: round1(alone.p99),
        rssBeforeMiB: before,
        rssAfterMiB: rssMiB(pid),
      });
    }
    for (const [load, requests, rate] of loads) {
      for (const target of targets) {
        const pid = servers.get(target)!.pid!;
        const before = rssMiB(pid);
        const origin = `http://127.0.0.1:${target.port}`;
        const [result, publicPage] = await Promise.all([
          fire(origin, requests, LOAD.connections, LOAD.durationSeconds, rate),
          probe(origin + PUBLIC, LOAD.durationSeconds - 1),
        ]);
        rows.push({
          server: target.name,
          load: `${load}, ${LOAD.connections} connections`,
          requestsPerSecond: Math.round(result.requests.average),
          p50Ms: result.latency.p50,
          p99Ms: result.latency.p99,
          kibPerResponse: round1(result.throughput.total / Math.max(1, result.requests.total) / 1024),
          errors: result.errors,
          timeouts: result.timeouts,
          non2xx: result.non2xx,
          publicP50Ms: round1(publicPage.p50),
          publicP99Ms: round1(publicPage.p99),
          rssBeforeMiB: before,
          rssAfterMiB: rssMiB(pid),
        });
      }
    }
  } finally {
    for (const server of servers.values()) server.kill();
    if (exported) rmSync(exported, { recursive: true, force: true });
  }
  return rows;
}

/**
 * The tree of `ref` in a temporary folder, with this checkout's node_modules linked in. `git archive`
 * reads the ref without touching the repository (no worktree, index or ref is written).
 */
function exportRef(ref: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'veriq-bench-ref-'));
  const archive = execFileSync('git', ['archive', '--format=tar', ref], { maxBuffer: 1 << 30 });
  execFileSync('tar', ['-x', '-C', dir], { input: archive });
  if (!existsSync(join(dir, 'server/node/serveProd.ts'))) throw new Error(`${ref} has no server/node/serveProd.ts`);
  symlinkSync(resolve('node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

/** Each guide load against the targets, per server. */
export function loadChecks(rows: LoadRow[]): LoadCheck[] {
  const checks: LoadCheck[] = [];
  for (const server of [...new Set(rows.map((r) => r.server))]) {
    const alone = rows.find((r) => r.server === server && r.load.includes('alone'));
    for (const row of rows.filter((r) => r.server === server && r.load.startsWith('guide'))) {
      const name = row.load.replace(/, \d+ connections$/, '');
      const offered = name.includes('offered');
      if (!offered)
        checks.push(
          {
            server,
            check: `${name}: requests/s ≥ ${LOAD_TARGETS.requestsPerSecond}`,
            value: row.requestsPerSecond,
            limit: LOAD_TARGETS.requestsPerSecond,
            met: row.requestsPerSecond >= LOAD_TARGETS.requestsPerSecond && row.errors + row.non2xx === 0,
          },
          {
            server,
            check: `${name}: p99 ≤ ${LOAD_TARGETS.p99Ms} ms`,
            value: row.p99Ms,
            limit: LOAD_TARGETS.p99Ms,
            met: row.p99Ms <= LOAD_TARGETS.p99Ms,
          },
        );
      if (alone) {
        const limit = round1(alone.publicP99Ms * LOAD_TARGETS.publicP99Ratio);
        checks.push({
          server,
          check: `${name}: ${PUBLIC} p99 meanwhile ≤ ${LOAD_TARGETS.publicP99Ratio} × alone`,
          value: row.publicP99Ms,
          limit,
          met: row.publicP99Ms <= limit,
        });
      }
    }
  }
  return checks;
}

/**
 * `npm run bench -- load [<build dir>] [<port>] [--reference <git ref>]`: the load test alone, on
 * an existing build; the reference's server runs on the next port.
 */
export async function run(args: string[]): Promise<void> {
  const at = args.indexOf('--reference');
  const reference = at >= 0 ? args[at + 1] : undefined;
  if (at >= 0 && !reference) throw new Error('--reference needs a git ref, e.g. --reference HEAD~1');
  const positional = at >= 0 ? [...args.slice(0, at), ...args.slice(at + 2)] : args;
  const dir = positional[0] ?? process.env.BUILD_DIR ?? 'build-bench';
  const port = Number(positional[1] ?? process.env.PORT ?? 4394);
  console.log(
    `serve:prod under load: ${LOAD.connections} connections for ${LOAD.durationSeconds} s, Accept-Encoding: ${BROWSER_ENCODING}` +
      (reference ? `, beside ${reference} on port ${port + 1}` : ''),
  );
  const rows = await measureLoad(dir, port, reference);
  console.table(rows);
  const checks = loadChecks(rows);
  console.table(checks);
  console.log(`Written to ${recordHistory('load', { buildDir: dir, reference: reference ?? null, rows, checks })}`);
}
