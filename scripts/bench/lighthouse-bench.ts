// Runs Lighthouse on every target page in both form factors, several times each, then scores each
// mobile load again with one CPU slowdown calibrated to this machine (./cpu-calibration.ts).
import { CHROMIUM_ARGS } from '../chromium';
import { calibratedCpuSlowdown } from './cpu-calibration';
import type { Site } from './first-load';
import { openLighthouse, type FormFactor, type RunResult, type RunScores } from './lighthouse-runs';
import { summarise, type LighthouseRow } from './lighthouse-summary';
import { median } from '../stats';

export interface LighthouseTarget {
  site: Site;
  origin: string;
  paths: string[];
}

export async function runLighthouse(
  targets: readonly LighthouseTarget[],
  runsPerPage: number,
): Promise<{ rows: LighthouseRow[]; calibratedCpuSlowdown: number }> {
  const session = await openLighthouse(CHROMIUM_ARGS);
  try {
    const measured: { site: Site; path: string; formFactor: FormFactor; runs: RunResult[] }[] = [];
    for (const { site, origin, paths } of targets) {
      for (const path of paths) {
        for (const formFactor of ['mobile', 'desktop'] as const) {
          const runs: RunResult[] = [];
          for (let i = 0; i < runsPerPage; i++) runs.push(await session.run(origin + path, formFactor));
          measured.push({ site, path, formFactor, runs });
        }
      }
    }
    // One slowdown for the whole bench, from the median benchmark index of every run: a single
    // run's index swings by half on a shared VM, and the device simulated should not.
    const slowdown = calibratedCpuSlowdown(
      median(measured.flatMap((m) => m.runs.map((r) => r.standard.benchmarkIndex))),
    );
    const rows: LighthouseRow[] = [];
    for (const { site, path, formFactor, runs } of measured) {
      rows.push(
        summarise(
          site,
          path,
          formFactor,
          runs.map((r) => r.standard),
          false,
        ),
      );
      if (formFactor === 'mobile') {
        const rescored: RunScores[] = [];
        for (const run of runs) rescored.push(await run.rescore(slowdown));
        rows.push(summarise(site, path, formFactor, rescored, true));
      }
    }
    return { rows, calibratedCpuSlowdown: slowdown };
  } finally {
    session.close();
  }
}
