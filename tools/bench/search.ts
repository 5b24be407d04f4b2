// npm run bench:search [-- --records path] [-- --build dir]
// Measures the embedded backend on the last build's records: both indexes' sizes, content files
// per page, load time, query latency p50/p95, and recall@5 / MRR on tests/search/queries.json over
// distinct pages for a signed-in and a signed-out reader.
// Why: maintainers/decisions/2026-11-27-bench-method.md
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { buildSearchAssets } from '../../plugins/search-records/assets';
import { parseRecordsFile, RECORDS_PATH } from '../../plugins/search-records/recordsFile';
import { openIndex, type OpenedIndex } from '../../shared/search/indexSchema';
import { HITS_PER_PAGE } from '../../shared/search/instantsearch';
import type { PackedIndex } from '../../shared/search/packedIndex';
import { pageOf } from '../../shared/search/query';
import { searchIndex } from '../../shared/search/ranking';
import { median, percentile } from '../lib/stats';
import { recordHistory } from './history';

interface BenchQuery {
  q: string;
  expected: string[];
  typo?: boolean;
}

const TARGETS = { gzipKB: 250, p95ms: 5, recallAt5: 0.95 };

function arg(args: string[], name: string, fallback: string): string {
  const at = args.indexOf(name);
  return at >= 0 && args[at + 1] ? args[at + 1] : fallback;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ok = (pass: boolean) => (pass ? '✔' : '✖');

function sizes(label: string, name: string, asset: Buffer): number {
  const gzip = gzipSync(asset, { level: 9 }).length;
  const brotli = brotliCompressSync(asset, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length;
  console.log(`${label}: ${name}`);
  console.log(
    `  raw ${kb(asset.length)}, gzip ${kb(gzip)} ${ok(gzip / 1024 <= TARGETS.gzipKB)} (target <= ${TARGETS.gzipKB} KB), brotli ${kb(brotli)}`,
  );
  return gzip;
}

/** recall@5 and MRR over distinct pages. */
function quality(opened: OpenedIndex, queries: BenchQuery[]): { recall: number; mrr: number; misses: string[] } {
  let found = 0;
  let reciprocal = 0;
  const misses: string[] = [];
  for (const query of queries) {
    const request = { indexName: 'docs', params: { query: query.q, page: 0, hitsPerPage: 100 } };
    const pages = [...new Set(searchIndex(opened.index, request).hits.map((h) => pageOf(h.url)))];
    const rank = pages.findIndex((p) => query.expected.includes(p)) + 1;
    if (rank >= 1 && rank <= 5) found++;
    else misses.push(`${query.q} -> ${pages.slice(0, 5).join(', ') || '(no hits)'}`);
    if (rank >= 1) reciprocal += 1 / rank;
  }
  return { recall: found / queries.length, mrr: reciprocal / queries.length, misses };
}

export function run(args: string[]): void {
  const recordsPath = arg(args, '--records', RECORDS_PATH);
  const buildDir = arg(args, '--build', 'build');
  if (!existsSync(recordsPath)) throw new Error(`no records at ${recordsPath}: run "npm run build" first`);
  const { records } = parseRecordsFile(readFileSync(recordsPath, 'utf8'), recordsPath);
  const assets = buildSearchAssets(records);
  const publicJson = JSON.stringify(assets.publicIndex);

  // The assets the browser fetches: the content-hashed chunk when a build exists, else the JSON.
  const jsDir = join(buildDir, 'assets', 'js');
  const chunkName = existsSync(jsDir)
    ? readdirSync(jsDir).find((f) => /^search-index\.[0-9a-f]+\.js$/.test(f))
    : undefined;
  const publicGzip = sizes(
    'public index (every reader)',
    chunkName ?? 'packed index (no build found)',
    chunkName ? readFileSync(join(jsDir, chunkName)) : Buffer.from(publicJson),
  );
  const builtGuides = join(buildDir, assets.guidesIndex.path);
  const guidesGzip = sizes(
    'guides index (signed in, instead of the public one)',
    assets.guidesIndex.path,
    existsSync(builtGuides) ? readFileSync(builtGuides) : Buffer.from(assets.guidesIndex.body),
  );
  const contentGzip = assets.files
    .filter((f) => f !== assets.guidesIndex)
    .map((f) => gzipSync(f.body, { level: 9 }).length)
    .sort((a, b) => a - b);
  console.log(
    `content files (fetched per page shown): ${contentGzip.length}, gzip median ${kb(median(contentGzip))}, max ${kb(contentGzip[contentGzip.length - 1])}`,
  );

  const loadRuns: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    openIndex(JSON.parse(assets.guidesIndex.body) as PackedIndex);
    loadRuns.push(performance.now() - t0);
  }
  console.log(
    `load guides index (parse + open): median ${median(loadRuns).toFixed(1)} ms, max ${Math.max(...loadRuns).toFixed(1)} ms`,
  );

  const signedIn = openIndex(JSON.parse(assets.guidesIndex.body) as PackedIndex);
  const signedOut = openIndex(JSON.parse(publicJson) as PackedIndex);
  // Latency is measured with every page's text at hand, as after its content file arrived.
  const texts = new Map(records.map((r) => [r.url, r.content]));
  const contentOf = (url: string) => texts.get(url);
  const { queries } = JSON.parse(readFileSync('tests/search/queries.json', 'utf8')) as { queries: BenchQuery[] };
  // One untimed pass first: the timings are of a page that has searched before, not of the JIT.
  for (const query of queries)
    searchIndex(
      signedIn.index,
      { indexName: 'docs', params: { query: query.q, hitsPerPage: HITS_PER_PAGE } },
      contentOf,
    );
  const latencies: number[] = [];
  for (const query of queries) {
    const request = { indexName: 'docs', params: { query: query.q, page: 0, hitsPerPage: HITS_PER_PAGE } };
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      searchIndex(signedIn.index, request, contentOf);
      latencies.push(performance.now() - t0);
    }
  }
  latencies.sort((a, b) => a - b);
  const p95 = percentile(latencies, 95);

  console.log(`records: ${records.length} from ${new Set(records.map((r) => pageOf(r.url))).size} pages`);
  console.log(
    `query latency over ${queries.length} queries x 20: p50 ${percentile(latencies, 50).toFixed(2)} ms, p95 ${p95.toFixed(2)} ms ${ok(p95 <= TARGETS.p95ms)} (target <= ${TARGETS.p95ms} ms)`,
  );
  const qualities: Record<string, { recall: number; mrr: number; misses: string[] }> = {};
  for (const [label, opened] of [
    ['signed in (guides index)', signedIn],
    ['signed out (public index)', signedOut],
  ] as const) {
    const { recall, mrr, misses } = quality(opened, queries);
    qualities[label] = { recall, mrr, misses };
    console.log(
      `${label}: recall@5 ${recall.toFixed(3)} ${ok(recall >= TARGETS.recallAt5)} (target >= ${TARGETS.recallAt5}), MRR ${mrr.toFixed(3)}`,
    );
    if (misses.length > 0) console.log(`  misses:\n    ${misses.join('\n    ')}`);
  }
  const results = {
    records: records.length,
    gzipBytes: { publicIndex: publicGzip, guidesIndex: guidesGzip },
    queryMs: { p50: percentile(latencies, 50), p95 },
    quality: qualities,
  };
  console.log(`Written to ${recordHistory('search', results)}`);
}

