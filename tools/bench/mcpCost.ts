// The MCP server (server/mcp) on a real build: what each call costs where it runs on Netlify (each
// call kind in a fresh process on the Function's bundle: load, first call, median warm call, in CPU
// time), the edge's Markdown negotiation in-process, and search quality through search_docs beside
// the modal's on tests/search/queries.json.
// Why: maintainers/decisions/2026-11-27-bench-method.md
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { createMcpHandler, type McpHandler } from '../../server/mcp';
import { MCP_DATA_DIR, MCP_FILES, parseMcpAuth } from '../../server/mcp/data';
import { openSerializedIndex } from '../../shared/search/indexSchema';
import type { SerializedIndex } from '../../shared/search/packedIndex';
import { pageOf } from '../../shared/search/query';
import { searchIndex } from '../../shared/search/ranking';
import { twinPath } from '../../shared/routing/twin';
import { bundleMcpFunction } from '../build/mcpFunctionBundle';
import { accessTokenClaims, signingKeys } from '../build/mcpSigningKeys';
import { readGateManifest } from '../../server/node/readGateManifest';
import { median } from '../lib/stats';
import { EDGE_CPU_LIMIT_MS } from './gateCost';

const SITE = 'https://docs.example.com';
const ISSUER = 'https://bench.example.auth0.com/';
const MCP_LIMIT = 50;
/** Netlify Functions: synchronous requests end after 60 s; the default instance has 1024 MB. */
export const FUNCTION_TIME_LIMIT_MS = 60_000;
export const FUNCTION_MEMORY_MB = 1024;

const audienceOf = (buildDir: string) =>
  parseMcpAuth(JSON.parse(readFileSync(join(buildDir, MCP_FILES.auth), 'utf8'))).audience;

const nowS = () => Math.floor(Date.now() / 1000);

/** The MCP handler over a build's data folder, with a local key set for ISSUER. */
async function bench(buildDir: string): Promise<{ handler: () => McpHandler; token: string }> {
  const keys = await signingKeys();
  const audience = audienceOf(buildDir);
  const token = await keys.sign(accessTokenClaims(ISSUER, audience, nowS()));
  const dataDir = join(buildDir, MCP_DATA_DIR);
  const handler = () =>
    createMcpHandler({
      readFile: (path) => readFile(join(dataDir, path.slice(MCP_DATA_DIR.length)), 'utf8').catch(() => null),
      verifier: keys.verifier(ISSUER, audience),
      open: false,
      hasSession: () => Promise.resolve(false),
      log: () => undefined,
    });
  return { handler, token };
}

interface RunResult {
  loadMs: number;
  firstCallMs: number;
  coldWallMs: number;
  warmMedianMs: number;
  rssMb: number;
}

export interface McpFunctionCostRow {
  call: string;
  /** CPU to load the bundle in a fresh process (the instance's cold start). */
  loadMs: number;
  /** CPU of the first call (data files parsed, index opened). */
  firstCallMs: number;
  /** Wall time from loading to the first answer, against the 60 s limit. */
  coldWallMs: number;
  warmMedianMs: number;
  rssMb: number;
  /** Whether the first call alone would have exceeded the edge's 50 ms of CPU. */
  firstCallOverEdgeLimit: boolean;
}

const round = (n: number) => Math.round(n * 10) / 10;

export async function measureMcpFunctionCost(buildDir: string, iterations = 100): Promise<McpFunctionCostRow[]> {
  const keys = await signingKeys();
  const jwks = createServer((request, response) => {
    if (request.url !== '/.well-known/jwks.json') return void response.writeHead(404).end();
    response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(keys.jwks));
  });
  await new Promise<void>((done) => jwks.listen(0, '127.0.0.1', done));
  const provider = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}`;
  const dir = mkdtempSync(join(tmpdir(), 'veriq-mcp-bench-'));
  try {
    // The build's manifest, but naming the stand-in provider, so its tokens verify over loopback.
    const manifest = readGateManifest(buildDir);
    const manifestPath = join(dir, 'manifest.json');
    writeFileSync(manifestPath, JSON.stringify({ ...manifest, identity: { domain: provider, clientId: 'bench' } }));
    const bundle = await bundleMcpFunction({ buildDir, manifestPath, outDir: dir });
    const audience = audienceOf(buildDir);
    const token = await keys.sign(accessTokenClaims(`${provider}/`, audience, nowS()));
    const url = `${SITE}/mcp`;
    const calls: [string, { tool: string; args: Record<string, unknown>; token?: string }][] = [
      ['search_docs, signed out', { tool: 'search_docs', args: { query: 'upgrade embedded cluster air-gapped' } }],
      ['search_docs, access token', { tool: 'search_docs', args: { query: 'snowflake key pair' }, token }],
      ['get_page, signed out', { tool: 'get_page', args: { path_or_url: '/install-options' } }],
      [
        'get_page of a guide, access token',
        { tool: 'get_page', args: { path_or_url: '/guides/connections/snowflake' }, token },
      ],
      ['list_pages, signed out', { tool: 'list_pages', args: {} }],
      ['get_release_notes, signed out', { tool: 'get_release_notes', args: {} }],
    ];
    const rows: McpFunctionCostRow[] = [];
    for (const [name, call] of calls) {
      // Asynchronous, so this process keeps serving the key set while the instance verifies.
      const { stdout } = await promisify(execFile)(
        process.execPath,
        ['tools/bench/mcpFunctionRun.mts', bundle, JSON.stringify({ url, ...call }), String(iterations)],
        { maxBuffer: 1 << 20 },
      );
      const run = JSON.parse(stdout.trim().split('\n').pop()!) as RunResult;
      rows.push({
        call: name,
        loadMs: round(run.loadMs),
        firstCallMs: round(run.firstCallMs),
        coldWallMs: round(run.coldWallMs),
        warmMedianMs: Math.round(run.warmMedianMs * 100) / 100,
        rssMb: Math.round(run.rssMb),
        firstCallOverEdgeLimit: run.firstCallMs > EDGE_CPU_LIMIT_MS,
      });
    }
    return rows;
  } finally {
    jwks.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface McpEdgeCostRow {
  request: string;
  firstCallMs: number;
  medianMicroseconds: number;
  shareOfEdgeLimit: string;
}

/**
 * Markdown by content negotiation, which the edge gate still answers: a fresh handler's first
 * answer, then the median. As at the edge (server/guide-gate/edgeGate.ts), the handler parses only site.json
 * and reads the twin the host serves (here from the build folder).
 */
export async function measureMcpEdgeCost(buildDir: string, iterations = 200): Promise<McpEdgeCostRow[]> {
  const dataDir = join(buildDir, MCP_DATA_DIR);
  const handler = (hasSession: boolean) =>
    createMcpHandler({
      readFile: (path) => readFile(join(dataDir, path.slice(MCP_DATA_DIR.length)), 'utf8').catch(() => null),
      verifier: null,
      open: false,
      hasSession: () => Promise.resolve(hasSession),
      readTwin: (_request, permalink) => readFile(join(buildDir, twinPath(permalink)), 'utf8').catch(() => null),
      log: () => undefined,
    });
  const twin = (path: string) => () => new Request(SITE + path, { headers: { Accept: 'text/markdown' } });
  const scenarios: [string, boolean, () => Request][] = [
    ['Markdown twin by Accept, public page', false, twin('/install-options')],
    ['Markdown twin by Accept, guide with a session', true, twin('/guides/connections/snowflake')],
  ];
  // Node builds its fetch classes (undici) on first use, about 100 ms of CPU on this machine, and
  // opens fs/promises; Deno, the edge's runtime, has both built in. Neither is the handler's cost.
  await new Response(new Request(SITE, { headers: { Accept: '*/*' } }).body).text();
  await readFile(join(buildDir, MCP_FILES.auth), 'utf8');
  const rows: McpEdgeCostRow[] = [];
  for (const [name, session, request] of scenarios) {
    const fresh = handler(session);
    const t0 = cpuMs();
    const first = await fresh(request());
    const body = (await first?.text()) ?? '';
    const firstCallMs = cpuMs() - t0;
    if (!first || first.status !== 200 || !body.startsWith('# ')) throw new Error(`${name}: ${first?.status}`);
    const times: number[] = [];
    for (let i = 0; i < iterations; i++) {
      const start = cpuMs();
      await (await fresh(request()))!.text();
      times.push(cpuMs() - start);
    }
    const ms = median(times);
    rows.push({
      request: name,
      firstCallMs: round(firstCallMs),
      medianMicroseconds: Math.round(ms * 1000),
      shareOfEdgeLimit: `${((ms / EDGE_CPU_LIMIT_MS) * 100).toFixed(2)} %`,
    });
  }
  return rows;
}

/**
 * CPU time of this process (user + system), in ms: what Netlify's limit counts, and unlike wall
 * time not inflated when other work shares the machine. Nothing else runs in the process meanwhile.
 */
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

interface BenchQuery {
  q: string;
  expected: string[];
}

function quality(ranked: (query: BenchQuery) => string[], queries: BenchQuery[]): { recall: number; mrr: number } {
  let found = 0;
  let reciprocal = 0;
  for (const query of queries) {
    const rank = ranked(query).findIndex((p) => query.expected.includes(p)) + 1;
    if (rank >= 1 && rank <= 5) found++;
    if (rank >= 1) reciprocal += 1 / rank;
  }
  return { recall: found / queries.length, mrr: reciprocal / queries.length };
}

export interface McpQualityRow {
  reader: string;
  via: 'search modal' | 'MCP search_docs';
  recallAt5: string;
  mrr: string;
}

/** The modal's ranking (over the build's own indexes) beside search_docs answers, per reader. */
export async function measureMcpQuality(buildDir: string, queriesPath = 'tests/search/queries.json'): Promise<McpQualityRow[]> {
  const { handler, token } = await bench(buildDir);
  const { queries } = JSON.parse(readFileSync(queriesPath, 'utf8')) as { queries: BenchQuery[] };
  const dataDir = join(buildDir, MCP_DATA_DIR);
  const indexOf = (file: string) =>
    openSerializedIndex(JSON.parse(readFileSync(join(dataDir, file.slice(MCP_DATA_DIR.length)), 'utf8')) as SerializedIndex);
  const rows: McpQualityRow[] = [];
  for (const [reader, file, bearer] of [
    ['signed out', MCP_FILES.publicIndex, undefined],
    ['signed in', MCP_FILES.guidesIndex, token],
  ] as const) {
    const index = indexOf(file);
    const modal = quality((query) => {
      const hits = searchIndex(index, { indexName: 'docs', params: { query: query.q, page: 0, hitsPerPage: 100 } }).hits;
      return [...new Set(hits.map((h) => pageOf(h.url)))].slice(0, MCP_LIMIT);
    }, queries);

    const served = handler();
    const client = new Client({ name: 'veriq-bench', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${SITE}/mcp`), {
        fetch: async (url, init) => (await served(new Request(url, init))) ?? new Response(null, { status: 404 }),
        ...(bearer ? { requestInit: { headers: { Authorization: `Bearer ${bearer}` } } } : {}),
      }),
    );
    const answers = new Map<string, string[]>();
    for (const query of queries) {
      const result = await client.callTool({ name: 'search_docs', arguments: { query: query.q, limit: MCP_LIMIT } });
      const text = (result.content as { type: string; text: string }[]).map((c) => c.text).join('\n');
      answers.set(
        query.q,
        [...text.matchAll(/^\d+\. \[.*?\]\((https?:\/\/[^)\s]+)\)/gm)].map((m) => new URL(m[1]).pathname),
      );
    }
    await client.close();
    const mcp = quality((query) => answers.get(query.q) ?? [], queries);
    for (const [via, q] of [
      ['search modal', modal],
      ['MCP search_docs', mcp],
    ] as const) {
      rows.push({ reader, via, recallAt5: q.recall.toFixed(3), mrr: q.mrr.toFixed(3) });
    }
  }
  return rows;
}
