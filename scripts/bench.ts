// `npm run bench`: measures the performance budget of the production site and prints one table
// (also written to bench/results.json). Figures only: nothing here passes or fails a test.
//   1. cold and warm build: wall time and peak memory of the whole process tree;
//   2. first-load bytes per page type, from Chromium's network log (what a reader downloads);
//   3. Lighthouse 12, mobile and desktop, on three page types, served with the production
//      headers and compression (scripts/static-server.ts + the build's _headers); each measured
//      BENCH_LIGHTHOUSE_RUNS times (default 3), medians reported; mobile loads are scored with
//      Lighthouse's default 4x CPU slowdown and with one calibrated to this machine
//      (bench/cpu-calibration.ts).
// Each step has its own module under scripts/bench/; this file holds the settings and the report.
// A stock Docusaurus site (bench/stock-site.ts) is measured beside the Veriq site under the
// same conditions, as the framework's floor on this machine.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createStaticServer, listen } from './static-server';
import { timedBuild } from './bench/build-timing';
import { measureFirstLoads } from './bench/first-load';
import { runLighthouse } from './bench/lighthouse-bench';
import { buildStockSite } from './bench/stock-site';
import { EDGE_CPU_LIMIT_MS, measureGateCost } from './bench/gate-cost';

const PORT = 4390;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const OUT_DIR = 'build-bench';
const STOCK_PORT = 4391;
const STOCK_ORIGIN = `http://127.0.0.1:${STOCK_PORT}`;
const STOCK_DIR = 'build-bench-stock';
const BUDGET = { firstLoadKiB: 190, performance: 97, accessibility: 100, bestPractices: 100, seo: 100 };

const PAGE_TYPES = [
  { name: 'home', path: '/' },
  { name: 'install page', path: '/helm-online-install' },
  { name: 'connection guide', path: '/guides/connections/snowflake' },
  { name: 'data-testing page', path: '/guides/data-testing/rule-recon' },
  { name: 'release notes', path: '/releases/2025-03' },
];
const LIGHTHOUSE_PAGES = ['/', '/helm-online-install', '/releases/2025-03'];

// Simulated mobile scores swing by 10 points between identical runs on a busy machine (TBT
// mostly), so each page and form factor is measured several times and the median reported,
// as Lighthouse's own guidance on variability recommends.
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3) || 3);

const BUILD_ENV = { ...process.env, NO_UPDATE_NOTIFIER: '1', SITE_URL: ORIGIN };

async function main(): Promise<void> {
  console.log('Cold build (cache cleared)…');
  rmSync(join('node_modules', '.cache'), { recursive: true, force: true });
  rmSync('.docusaurus', { recursive: true, force: true });
  const cold = await timedBuild(OUT_DIR, BUILD_ENV);
  console.log('Warm build…');
  const warm = await timedBuild(OUT_DIR, BUILD_ENV);

  console.log('Stock Docusaurus baseline…');
  const stockRoot = buildStockSite(STOCK_DIR, { ...process.env, NO_UPDATE_NOTIFIER: '1' });

  const server = createStaticServer({ root: OUT_DIR });
  await listen(server, PORT);
  const stockServer = createStaticServer({ root: stockRoot });
  await listen(stockServer, STOCK_PORT);
  // Before the servers and Chromium start, so they do not share the CPU with the measurement.
  console.log('Gate cost per request…');
  const gateCost = await measureGateCost(OUT_DIR);
  console.log('First-load bytes…');
  const firstLoads = [
    ...(await measureFirstLoads('veriq', ORIGIN, OUT_DIR, PAGE_TYPES, BUDGET.firstLoadKiB)),
    ...(await measureFirstLoads('stock', STOCK_ORIGIN, stockRoot, [{ name: 'home', path: '/' }], BUDGET.firstLoadKiB)),
  ];
  console.log('Lighthouse…');
  const { rows: lighthouse, calibratedCpuSlowdown: slowdown } = await runLighthouse(
    [
      { site: 'veriq', origin: ORIGIN, paths: LIGHTHOUSE_PAGES },
      { site: 'stock', origin: STOCK_ORIGIN, paths: ['/'] },
    ],
    LIGHTHOUSE_RUNS,
  );
  server.close();
  stockServer.close();

  console.log('\nBuild');
  console.table({ cold, warm });
  console.log(`First load: JS+CSS as served (brotli) and in gzip; budget ${BUDGET.firstLoadKiB} KiB gzip`);
  console.table(firstLoads);
  console.log(
    `Lighthouse 12, median of ${LIGHTHOUSE_RUNS} runs (budget: performance ≥ ${BUDGET.performance} mobile; accessibility, best practices and SEO ${BUDGET.seo} on every run).\n` +
      `Each mobile load is scored with Lighthouse's default 4x CPU slowdown and with ${slowdown}x, calibrated to this machine (4 × median benchmark index / 1,750).`,
  );
  console.table(lighthouse);
  console.log(`Guides gate: CPU time per request (median), against Netlify's ${EDGE_CPU_LIMIT_MS} ms edge limit`);
  console.table(gateCost);

  mkdirSync('bench', { recursive: true });
  writeFileSync(
    join('bench', 'results.json'),
    JSON.stringify(
      {
        measuredAt: new Date().toISOString(),
        budget: BUDGET,
        build: { cold, warm },
        firstLoads,
        calibratedCpuSlowdown: slowdown,
        lighthouse,
        gateCost,
      },
      null,
      2,
    ),
  );
  console.log('Written to bench/results.json');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
