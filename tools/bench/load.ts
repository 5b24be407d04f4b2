// A bounded load test of `npm run serve:prod` (the Node server with the guides gate), run by the
// bench and on its own (`npm run bench:load`, on an existing build-bench/ or BUILD_DIR): public
// files alone, then the mix a gated site sees, side by side; nothing here is asserted.
// Why: maintainers/decisions/2026-11-27-bench-method.md
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import autocannon from 'autocannon';
import { readGateManifest } from '../../server/node/readGateManifest';
import { listFiles } from '../lib/listFiles';
import { LOOPBACK_COOKIE } from '../../server/guide-gate/cookies';
import { mintSession, sessionSigner, type SessionSigner } from '../../server/guide-gate/session';
import { recordHistory } from './history';

export const LOAD = { connections: 64, durationSeconds: 20 };

export interface LoadRow {
  mix: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  timeouts: number;
  status5xx: number;
  rssBeforeMiB: number;
  rssAfterMiB: number;
}

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kib / 1024);
}

async function startServer(buildDir: string, port: number, secret: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/node/serveProd.ts'], {
    env: { ...process.env, BUILD_DIR: buildDir, PORT: String(port), SESSION_SECRET: secret },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((ready, fail) => {
    child.stdout.on('data', (d: Buffer) => d.toString().includes('Serving') && ready());
    child.once('exit', (code) => fail(new Error(`serve:prod exited with ${code}`)));
  });
  return child;
}

function fire(url: string, requests: autocannon.Request[]): Promise<autocannon.Result> {
  return new Promise((done, fail) => {
    autocannon(
      { url, connections: LOAD.connections, duration: LOAD.durationSeconds, requests, timeout: 10 },
      (error, result) => (error ? fail(error as Error) : done(result)),
    );
  });
}

export async function measureLoad(buildDir: string, port: number): Promise<LoadRow[]> {
  const manifest = readGateManifest(buildDir);
  if (!manifest.identity) throw new Error(`${buildDir} was built without an identity provider: no gate to load.`);
  const secret = randomBytes(32).toString('base64url');
  const signer = sessionSigner(secret, manifest.identity.clientId) as SessionSigner;
  const now = Math.floor(Date.now() / 1000);
  const session = await mintSession(signer, { sub: 'bench-load', exp: now + 3600, authExp: now + 3600 });
  const cookie = `${LOOPBACK_COOKIE}=${session}`;
  const assets = listFiles(join(buildDir, 'assets', 'js'), /\.js$/)
    .map((f) => '/' + relative(buildDir, f).split(sep).join('/'))
    .filter((p) => !manifest.guideChunks.includes(p))
    .slice(0, 4);
  const publicPaths = ['/', '/install-options', '/helm-online-install', '/releases/2025-03', ...assets];
  const publicMix: autocannon.Request[] = publicPaths.map((path) => ({ method: 'GET', path }));
  const guide = '/guides/connections/snowflake';
  const chunk = manifest.guideChunks[0];
  const gatedMix: autocannon.Request[] = [
    ...publicMix,
    { method: 'GET', path: guide },
    { method: 'GET', path: chunk },
    { method: 'GET', path: `${guide}.md` },
    { method: 'GET', path: '/%2567uides/connections/snowflake' },
    { method: 'GET', path: guide, headers: { cookie } },
    { method: 'GET', path: chunk, headers: { cookie } },
    { method: 'GET', path: `${guide}.md`, headers: { cookie } },
  ];
  const rows: LoadRow[] = [];
  for (const [mix, requests] of [
    ['public files only', publicMix],
    ['gated mix (public, signed-out shells and 401s, signed-in guides)', gatedMix],
  ] as const) {
    const server = await startServer(buildDir, port, secret);
    try {
      const before = rssMiB(server.pid!);
      const result = await fire(`http://127.0.0.1:${port}`, [...requests]);
      rows.push({
        mix,
        requestsPerSecond: Math.round(result.requests.average),
        p50Ms: result.latency.p50,
        p99Ms: result.latency.p99,
        errors: result.errors,
        timeouts: result.timeouts,
        status5xx: result['5xx'],
        rssBeforeMiB: before,
        rssAfterMiB: rssMiB(server.pid!),
      });
    } finally {
      server.kill();
    }
  }
  return rows;
}

/** `npm run bench -- load [<build dir>] [<port>]`: the load test alone, on an existing build. */
export async function run(args: string[]): Promise<void> {
  const dir = args[0] ?? process.env.BUILD_DIR ?? 'build-bench';
  const rows = await measureLoad(dir, Number(args[1] ?? process.env.PORT ?? 4394));
  console.table(rows);
  console.log(`Written to ${recordHistory('load', { buildDir: dir, rows })}`);
}
