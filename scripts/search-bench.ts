// npm run bench:search [-- --records path] [-- --build dir]
// Measures the embedded backend on the records of the last build: index chunk size (raw, gzip,
// brotli), content files per page, load time (parse + open), query latency p50/p95, and recall@5 / MRR on
// tests/search/queries.json. Ranking is over distinct pages, as the modal groups hits per page.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { buildSearchAssets } from '../plugins/search-records/assets';
import { openIndex, searchIndex } from '../src/search/embeddedClient';
import type { PackedIndex } from '../src/search/packedIndex';
import { pageOf } from '../src/search/query';
import type { SearchRecord } from '../src/search/records';
import { DEFAULT_RECORDS_PATH } from './search-push-lib';

interface BenchQuery {
  q: string;
  expected: string[];
  typo?: boolean;
}

const TARGETS = { gzipKB: 250, p95ms: 5, recallAt5: 0.95 };

function arg(name: string, fallback: string): string {
  const at = process.argv.indexOf(name);
  return at >= 0 && process.argv[at + 1] ? process.argv[at + 1] : fallback;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function main(): void {
  const recordsPath = arg('--records', DEFAULT_RECORDS_PATH);
  const buildDir = arg('--build', 'build');
  if (!existsSync(recordsPath)) throw new Error(`no records at ${recordsPath}: run "npm run build" first`);
  const records = JSON.parse(readFileSync(recordsPath, 'utf8')) as SearchRecord[];
  const assets = buildSearchAssets(records);
  const json = JSON.stringify(assets.index);

  // The asset the browser fetches: the content-hashed chunk when a build exists, else the JSON.
  const jsDir = join(buildDir, 'assets', 'js');
  const chunkName = existsSync(jsDir)
    ? readdirSync(jsDir).find((f) => /^search-index\.[0-9a-f]+\.js$/.test(f))
    : undefined;
  const asset = chunkName ? readFileSync(join(jsDir, chunkName)) : Buffer.from(json);
  const gzip = gzipSync(asset, { level: 9 }).length;
  const brotli = brotliCompressSync(asset, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length;
  const contentGzip = assets.files.map((f) => gzipSync(f.body, { level: 9 }).length).sort((a, b) => a - b);

  const loadRuns: number[] = [];
  let opened = openIndex(assets.index);
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    opened = openIndex(JSON.parse(json) as PackedIndex);
    loadRuns.push(performance.now() - t0);
  }
  loadRuns.sort((a, b) => a - b);
  const index = opened.index;
  // Latency is measured with every page's text at hand, as after its content file arrived.
  const texts = new Map(records.map((r) => [r.url, r.content]));
  const contentOf = (url: string) => texts.get(url);

  const { queries } = JSON.parse(readFileSync('tests/search/queries.json', 'utf8')) as { queries: BenchQuery[] };
  // One untimed pass first: the timings are of a page that has searched before, not of the JIT.
  for (const query of queries)
    searchIndex(index, { indexName: 'docs', params: { query: query.q, hitsPerPage: 20 } }, contentOf);
  const latencies: number[] = [];
  let found = 0;
  let reciprocal = 0;
  const misses: string[] = [];
  for (const query of queries) {
    const request = { indexName: 'docs', params: { query: query.q, page: 0, hitsPerPage: 20 } };
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      searchIndex(index, request, contentOf);
      latencies.push(performance.now() - t0);
    }
    const pages = [
      ...new Set(
        searchIndex(index, { ...request, params: { ...request.params, hitsPerPage: 100 } }).hits.map((h) =>
          pageOf(h.url),
        ),
      ),
    ];
    const rank = pages.findIndex((p) => query.expected.includes(p)) + 1;
    if (rank >= 1 && rank <= 5) found++;
    else misses.push(`${query.q} -> ${pages.slice(0, 5).join(', ') || '(no hits)'}`);
    if (rank >= 1) reciprocal += 1 / rank;
  }
  latencies.sort((a, b) => a - b);

  const recall = found / queries.length;
  const p95 = percentile(latencies, 95);
  const pagesCount = new Set(records.map((r) => pageOf(r.url))).size;
  const ok = (pass: boolean) => (pass ? '✔' : '✖');
  console.log(`records: ${records.length} from ${pagesCount} pages`);
  console.log(`index asset: ${chunkName ?? 'packed index (no build found)'}`);
  console.log(
    `  raw ${kb(asset.length)}, gzip ${kb(gzip)} ${ok(gzip / 1024 <= TARGETS.gzipKB)} (target <= ${TARGETS.gzipKB} KB), brotli ${kb(brotli)}`,
  );
  console.log(
    `content files (fetched per page shown): ${contentGzip.length}, gzip median ${kb(percentile(contentGzip, 50))}, max ${kb(contentGzip[contentGzip.length - 1])}`,
  );
  console.log(`load (parse + open): median ${loadRuns[2].toFixed(1)} ms, max ${loadRuns[4].toFixed(1)} ms`);
  console.log(
    `query latency over ${queries.length} queries x 20: p50 ${percentile(latencies, 50).toFixed(2)} ms, p95 ${p95.toFixed(2)} ms ${ok(p95 <= TARGETS.p95ms)} (target <= ${TARGETS.p95ms} ms)`,
  );
  console.log(
    `recall@5 ${recall.toFixed(3)} ${ok(recall >= TARGETS.recallAt5)} (target >= ${TARGETS.recallAt5}), MRR ${(reciprocal / queries.length).toFixed(3)}`,
  );
  if (misses.length > 0) console.log(`misses:\n  ${misses.join('\n  ')}`);
}

main();
