// `npm run bench -- bundle [tarball]`: the offline bundle as an operator meets it. Unpacks the
// tarball into an empty folder, starts `node server.mjs` and times the first page served, reads
// the server's resident memory after a round of page types, and times the first MCP call over
// stdio (mcp.mjs) and over HTTP (/mcp), each from a cold process.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { StdioClientTransport } from '@modelcontextprotocol/client/stdio';
import { BOOK_RELEASE } from '../../shared/books';
import { recordHistory } from './history';
import { BENCH_PAGE_TYPES } from './pages';

/** What an operator may expect (maintainers/performance.md). */
export const BUNDLE_TARGETS = { firstPageMs: 2000 };
const TARBALL_CANDIDATES = [`build-bundle/veriq-docs-${BOOK_RELEASE}.tar.gz`, `build-e2e/bundle/veriq-docs-${BOOK_RELEASE}.tar.gz`];
const PORT = Number(process.env.BENCH_BUNDLE_PORT ?? 4397);

export interface BundleFigures {
  tarball: string;
  tarballMiB: number;
  unpackedMiB: number;
  firstPageMs: number;
  rssMiB: number;
  mcpStdioFirstCallMs: number;
  mcpHttpFirstCallMs: number;
}

const mib = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;

function folderBytes(dir: string): number {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + statSync(join(entry.parentPath, entry.name)).size, 0);
}

/** Resident memory of a process, from /proc (Linux), in bytes. */
function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  return kib ? Number(kib) * 1024 : 0;
}

async function firstAnswer(url: string, started: number, child: ChildProcess): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server.mjs exited with ${child.exitCode}`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) return performance.now() - started;
    } catch {
      // Not listening yet.
    }
    if (performance.now() - started > 30_000) throw new Error(`${url} did not answer within 30 s`);
    await new Promise((done) => setTimeout(done, 10));
  }
}

async function timedFirstCall(transport: StdioClientTransport | StreamableHTTPClientTransport): Promise<number> {
  const started = performance.now();
  const client = new Client({ name: 'veriq-bench', version: '1.0.0' });
  await client.connect(transport);
  try {
    await client.callTool({ name: 'search_docs', arguments: { query: 'snowflake key pair' } });
    return performance.now() - started;
  } finally {
    await client.close();
  }
}

export async function measureBundle(tarball: string): Promise<BundleFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'veriq-bench-bundle-'));
  try {
    const untar = spawnSync('tar', ['-xzf', tarball, '-C', dir]);
    if (untar.status !== 0) throw new Error(`tar failed: ${untar.stderr.toString()}`);
    const folder = join(dir, readdirSync(dir)[0]);
    const env = { PATH: process.env.PATH ?? '', PORT: String(PORT), HOST: '127.0.0.1' };
    const started = performance.now();
    const server = spawn(process.execPath, [join(folder, 'server.mjs')], { env, stdio: 'ignore' });
    try {
      const origin = `http://127.0.0.1:${PORT}`;
      const firstPageMs = await firstAnswer(`${origin}/`, started, server);
      for (const { path } of BENCH_PAGE_TYPES) await (await fetch(origin + path)).arrayBuffer();
      const rss = rssBytes(server.pid!);
      const mcpHttpFirstCallMs = await timedFirstCall(new StreamableHTTPClientTransport(new URL(`${origin}/mcp`)));
      const mcpStdioFirstCallMs = await timedFirstCall(
        new StdioClientTransport({ command: process.execPath, args: [join(folder, 'mcp.mjs')], env, stderr: 'ignore' }),
      );
      return {
        tarball,
        tarballMiB: mib(statSync(tarball).size),
        unpackedMiB: mib(folderBytes(folder)),
        firstPageMs: Math.round(firstPageMs),
        rssMiB: mib(rss),
        mcpStdioFirstCallMs: Math.round(mcpStdioFirstCallMs),
        mcpHttpFirstCallMs: Math.round(mcpHttpFirstCallMs),
      };
    } finally {
      server.kill();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function run(args: string[]): Promise<void> {
  const tarball = args[0] ?? TARBALL_CANDIDATES.find((candidate) => existsSync(candidate));
  if (!tarball || !existsSync(tarball))
    throw new Error(`no bundle at ${args[0] ?? TARBALL_CANDIDATES.join(' or ')}: run "npm run bundle" first`);
  const figures = await measureBundle(tarball);
  console.table(figures);
  const met = figures.firstPageMs <= BUNDLE_TARGETS.firstPageMs;
  console.log(`first page ${figures.firstPageMs} ms: ${met ? 'met' : 'MISSED'} (target ≤ ${BUNDLE_TARGETS.firstPageMs} ms)`);
  console.log(`Written to ${recordHistory('bundle', { figures, targets: BUNDLE_TARGETS })}`);
  if (!met) process.exitCode = 1;
}
