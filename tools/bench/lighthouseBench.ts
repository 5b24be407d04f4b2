// Runs Lighthouse on every page type for every site (this site, its script-free copy, stock
// Docusaurus), mobile for all three and desktop for this site, several rounds; then scores each
// mobile load again with one CPU slowdown calibrated to this machine (./cpu-calibration.ts).
// Each round visits every site's copy of a page back to back, so the machine's drift over the
// bench hits the three alike.
import { CHROMIUM_ARGS } from '../lib/chromium';
import { calibratedCpuSlowdown } from './cpuCalibration';
import type { BenchPage, Site } from './firstLoad';
import { openLighthouse, type FormFactor, type RunResult, type RunScores } from './lighthouseRuns';
import { summarise, type LighthouseRow } from './lighthouseSummary';
import { median } from '../lib/stats';

export interface LighthouseSite {
  site: Site;
  origin: string;
  /** Also measured as a desktop load (only the site itself: the copies exist for mobile). */
  desktop: boolean;
}

interface Measured {
  site: Site;
  page: BenchPage;
  formFactor: FormFactor;
  runs: RunResult[];
}

/** A signed-in page must have fetched its article, and a signed-out guide must not have. */
function checkAccess(m: Measured, run: RunResult): void {
  if (m.site !== 'veriq' || !m.page.path.startsWith('/guides/')) return;
  const fetched = run.standard.articleChunks > 0;
  if (fetched !== Boolean(m.page.reader)) {
    const expected = m.page.reader ? 'a signed-in load to fetch its article' : 'a signed-out load to fetch no article';
    throw new Error(`Lighthouse ${m.formFactor} ${m.page.path}: expected ${expected}; the load was not what it claims.`);
  }
}

export async function runLighthouse(
  sites: readonly LighthouseSite[],
  pages: readonly BenchPage[],
  rounds: number,
  guideChunks: ReadonlySet<string>,
): Promise<{ rows: LighthouseRow[]; calibratedCpuSlowdown: number }> {
  const session = await openLighthouse(CHROMIUM_ARGS, guideChunks);
  try {
    const measured: Measured[] = [];
    for (const page of pages) {
      for (const { site, desktop } of sites) {
        for (const formFactor of desktop ? (['mobile', 'desktop'] as const) : (['mobile'] as const)) {
          measured.push({ site, page, formFactor, runs: [] });
        }
      }
    }
    for (let round = 0; round < rounds; round++) {
      for (const m of measured) {
        const { origin } = sites.find((s) => s.site === m.site)!;
        const run = await session.run(origin + m.page.path, m.formFactor, m.page.reader);
        checkAccess(m, run);
        m.runs.push(run);
      }
    }
    // One slowdown for the whole bench, from the median benchmark index of every run: a single
    // run's index swings by half on a shared VM, and the device simulated should not.
    const slowdown = calibratedCpuSlowdown(
      median(measured.flatMap((m) => m.runs.map((r) => r.standard.benchmarkIndex))),
    );
    const rows: LighthouseRow[] = [];
    for (const { site, page, formFactor, runs } of measured) {
      rows.push(summarise(site, page.name, formFactor, runs.map((r) => r.standard), false));
      if (formFactor === 'mobile') {
        const rescored: RunScores[] = [];
        for (const run of runs) rescored.push(await run.rescore(slowdown));
        rows.push(summarise(site, page.name, formFactor, rescored, true));
      }
    }
    return { rows, calibratedCpuSlowdown: slowdown };
  } finally {
    await session.close();
  }
}
