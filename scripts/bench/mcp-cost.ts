// The MCP server (gate/mcp) on a real build: CPU time per call against Netlify's 50 ms edge
// limit, and search quality through MCP beside the search modal's on tests/search/queries.json.
//
// Cost, in CPU time (process.cpuUsage): the first call of a fresh isolate (it parses the data
// files and opens the index it needs), then the median of warm calls, each a whole HTTP exchange through the handler as an
// agent makes it (JSON-RPC parsing, the per-request server, the tool, the response). A signed-in
// call includes the RS256 verification of its access token, against a local key set so no network
// time is counted.
// Quality: recall@5 and MRR over distinct pages, as scripts/search-bench.ts computes the modal's,
// for a signed-out and a signed-in reader; the MCP figures come from search_docs answers.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { SignJWT, createLocalJWKSet, exportJWK, generateKeyPair } from 'jose';
import { createMcpHandler, type McpHandler } from '../../gate/mcp/index';
import { MCP_DATA_DIR, MCP_FILES } from '../../gate/mcp/data';
import { openSerializedIndex } from '../../src/search/indexSchema';
import type { SerializedIndex } from '../../src/search/packedIndex';
import { pageOf } from '../../src/search/query';
import { searchIndex } from '../../src/search/ranking';
import { median } from '../stats';
import { EDGE_CPU_LIMIT_MS } from './gate-cost';

const SITE = 'https://docs.example.com';
const ISSUER = 'https://bench.example.auth0.com/';
const AUDIENCE = `${SITE}/mcp`;
const MCP_LIMIT = 50;

interface Bench {
  handler: () => McpHandler;
  token: string;
}

async function bench(buildDir: string): Promise<Bench> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'bench', alg: 'RS256' };
  const token = await new SignJWT({ scope: 'openid' })
    .setProtectedHeader({ alg: 'RS256', kid: 'bench' })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject('bench|reader')
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(privateKey);
  const dataDir = join(buildDir, MCP_DATA_DIR);
  const handler = () =>
    createMcpHandler({
      readFile: (path) => readFile(join(dataDir, path.slice(MCP_DATA_DIR.length)), 'utf8').catch(() => null),
      verifier: { issuer: ISSUER, audience: AUDIENCE, keys: createLocalJWKSet({ keys: [jwk] }) },
      open: false,
      hasSession: () => Promise.resolve(false),
      log: () => undefined,
    });
  return { handler, token };
}

const toolCall = (name: string, args: Record<string, unknown>, token?: string) =>
  new Request(AUDIENCE, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      'MCP-Protocol-Version': '2025-06-18',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } }),
  });

/**
 * CPU time of this process (user + system), in ms: what Netlify's limit counts, and unlike wall
 * time not inflated when other work shares the machine. Nothing else runs in the process meanwhile.
 */
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

export interface McpCostRow {
  call: string;
  firstCallMs: number;
  medianMicroseconds: number;
  shareOfEdgeLimit: string;
}

export async function measureMcpCost(buildDir: string, iterations = 200): Promise<McpCostRow[]> {
  const { handler, token } = await bench(buildDir);
  const scenarios: [string, () => Request][] = [
    ['search_docs, signed out', () => toolCall('search_docs', { query: 'upgrade embedded cluster air-gapped' })],
    ['search_docs, access token', () => toolCall('search_docs', { query: 'snowflake key pair' }, token)],
    ['get_page, signed out', () => toolCall('get_page', { path_or_url: '/install-options' })],
    ['get_page of a guide, access token', () => toolCall('get_page', { path_or_url: '/guides/connections/snowflake' }, token)],
    ['list_pages, signed out', () => toolCall('list_pages', {})],
    ['get_release_notes, signed out', () => toolCall('get_release_notes', {})],
  ];
  const rows: McpCostRow[] = [];
  for (const [name, request] of scenarios) {
    const fresh = handler();
    const t0 = cpuMs();
    const first = await fresh(request());
    const body = await first!.text();
    const firstCallMs = cpuMs() - t0;
    if (!first || first.status !== 200 || body.includes('"isError":true')) throw new Error(`${name}: ${first?.status} ${body.slice(0, 300)}`);
    const times: number[] = [];
    for (let i = 0; i < iterations; i++) {
      const start = cpuMs();
      await (await fresh(request()))!.text();
      times.push(cpuMs() - start);
    }
    const ms = median(times);
    rows.push({
      call: name,
      firstCallMs: Math.round(firstCallMs * 10) / 10,
      medianMicroseconds: Math.round(ms * 1000),
      shareOfEdgeLimit: `${((ms / EDGE_CPU_LIMIT_MS) * 100).toFixed(2)} %`,
    });
  }
  return rows;
}

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
      new StreamableHTTPClientTransport(new URL(AUDIENCE), {
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
