// Issue #22's goal, checked by the bench's summary: on every page type, in the same run as the
// script-free copy of the same page. Pure, so the rules are unit-tested
// (tests/unit/bench-targets.test.ts); the bench only feeds it figures.

export const TARGETS = {
  /** Lighthouse mobile performance at most this many points below the script-free copy. */
  performancePointsBelowCeiling: 5,
  /** LCP at most this multiple of the script-free copy's. */
  lcpRatioToCeiling: 1.3,
  totalBlockingTimeMs: 200,
  firstLoadGzipKiB: 150,
} as const;

export interface PageFigures {
  performance: number;
  lcpMs: number;
  tbtMs: number;
}

export interface PageMeasurement {
  page: string;
  site: PageFigures;
  scriptFree: PageFigures;
  firstLoadGzipKiB: number;
}

export interface TargetCheck {
  page: string;
  target: string;
  figure: string;
  met: boolean;
}

export function checkTargets(measurements: readonly PageMeasurement[]): TargetCheck[] {
  return measurements.flatMap(({ page, site, scriptFree, firstLoadGzipKiB }) => {
    const lcpRatio = scriptFree.lcpMs > 0 ? site.lcpMs / scriptFree.lcpMs : Number.POSITIVE_INFINITY;
    return [
      {
        page,
        target: `performance ≥ script-free − ${TARGETS.performancePointsBelowCeiling}`,
        figure: `${site.performance} vs ${scriptFree.performance}`,
        met: site.performance >= scriptFree.performance - TARGETS.performancePointsBelowCeiling,
      },
      {
        page,
        target: `LCP ≤ ${TARGETS.lcpRatioToCeiling} × script-free`,
        figure: `${Math.round(site.lcpMs)} ms vs ${Math.round(scriptFree.lcpMs)} ms (${lcpRatio.toFixed(2)}×)`,
        met: lcpRatio <= TARGETS.lcpRatioToCeiling,
      },
      {
        page,
        target: `TBT ≤ ${TARGETS.totalBlockingTimeMs} ms`,
        figure: `${Math.round(site.tbtMs)} ms`,
        met: site.tbtMs <= TARGETS.totalBlockingTimeMs,
      },
      {
        page,
        target: `first load ≤ ${TARGETS.firstLoadGzipKiB} KiB gzip`,
        figure: `${firstLoadGzipKiB} KiB`,
        met: firstLoadGzipKiB <= TARGETS.firstLoadGzipKiB,
      },
    ];
  });
}
