// Summarises the Lighthouse runs of one page, form factor and CPU slowdown into one table row.
// Pure, so the aggregation is unit-tested (tests/unit/bench-lighthouse-summary.test.ts).
import type { FormFactor, QualityAudits, RunScores } from './lighthouseRuns';
import type { Site } from './firstLoad';
import { median } from '../lib/stats';

/**
 * One page, form factor and CPU slowdown, summarised over its runs: the scores' fields hold the
 * median of the runs, except accessibility, best practices and SEO, which hold the lowest (those
 * must hold on every run).
 */
export interface LighthouseRow extends Omit<RunScores, 'cpuSlowdown' | 'articleChunks' | 'failedAudits'> {
  site: Site;
  /** The page type. */
  page: string;
  formFactor: FormFactor;
  /** The CPU slowdown: Lighthouse's default (4x mobile, 1x desktop), or calibrated to this machine. */
  cpu: string;
  runs: number;
  /** The lowest and highest performance score of the runs. */
  performanceRange: string;
  /** Every audit that cost points in a must-hold category in any run, by category. */
  failedAudits: QualityAudits;
}

export function summarise(
  site: Site,
  page: string,
  formFactor: FormFactor,
  runs: readonly RunScores[],
  calibrated: boolean,
): LighthouseRow {
  const of = (key: Exclude<keyof RunScores, 'failedAudits'>) => runs.map((r) => r[key]);
  const failed = (key: keyof QualityAudits) => [...new Set(runs.flatMap((r) => r.failedAudits[key]))].sort();
  const slowdown = `${median(of('cpuSlowdown'))}x`;
  return {
    site,
    page,
    formFactor,
    cpu: calibrated ? `calibrated ${slowdown}` : slowdown,
    runs: runs.length,
    performance: Math.round(median(of('performance'))),
    performanceRange: `${Math.min(...of('performance'))}–${Math.max(...of('performance'))}`,
    accessibility: Math.min(...of('accessibility')),
    bestPractices: Math.min(...of('bestPractices')),
    seo: Math.min(...of('seo')),
    lcpMs: Math.round(median(of('lcpMs'))),
    tbtMs: Math.round(median(of('tbtMs'))),
    cls: Math.round(median(of('cls')) * 1000) / 1000,
    benchmarkIndex: Math.round(median(of('benchmarkIndex'))),
    failedAudits: { accessibility: failed('accessibility'), bestPractices: failed('bestPractices'), seo: failed('seo') },
  };
}
