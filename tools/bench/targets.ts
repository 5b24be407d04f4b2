// The performance targets, checked by the bench's summary: on every page type, in the same run as the
// script-free copy of the same page. Pure, so the rules are unit-tested
// (tests/unit/bench-targets.test.ts); the bench only feeds it figures.

export const TARGETS = {
  /** Lighthouse mobile performance at most this many points below the script-free copy. */
  performancePointsBelowCeiling: 5,
  /** LCP at most this multiple of the script-free copy's. */
  lcpRatioToCeiling: 1.3,
  totalBlockingTimeMs: 200,
  /** Measured largest first load plus room for growth: maintainers/decisions/2026-11-27-framework-savings.md. */
  firstLoadGzipKiB: 160,
  /** From when no tap is lost: the first tap after paint that takes effect, even if late (ms since navigation). */
  noTapLostFromMs: 2500,
  /** When that tap is answered (the menu is open), counted from the paint: what a reader waits. */
  tapAnsweredAfterPaintMs: 500,
  /** Taps given from the first paint on that never take effect. */
  lostTaps: 0,
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

/** What tools/bench/firstTap.ts measured of one page type of this site. */
export interface TapMeasurement {
  page: string;
  paintMs: number;
  noTapLostFromMs: number | null;
  tapAnsweredMs: number | null;
  lost: number;
  tries: number;
}

export interface KeystrokeMeasurement {
  case: string;
  typed: string;
  got: string;
}

/** The input targets: every page answers a tap given soon after its paint, loses none, and keeps every key. */
export function checkTapTargets(
  taps: readonly TapMeasurement[],
  keystrokes: readonly KeystrokeMeasurement[],
): TargetCheck[] {
  return [
    ...taps.flatMap(({ page, paintMs, noTapLostFromMs, tapAnsweredMs, lost, tries }) => [
      {
        page,
        target: `no tap lost from ≤ ${TARGETS.noTapLostFromMs} ms`,
        figure:
          noTapLostFromMs === null
            ? 'no tap took effect'
            : `${Math.round(noTapLostFromMs)} ms (paint ${Math.round(paintMs)} ms)`,
        met: noTapLostFromMs !== null && noTapLostFromMs <= TARGETS.noTapLostFromMs,
      },
      {
        page,
        target: `tap answered ≤ ${TARGETS.tapAnsweredAfterPaintMs} ms after paint`,
        figure:
          tapAnsweredMs === null
            ? 'never answered'
            : `+${Math.round(tapAnsweredMs - paintMs)} ms (answered at ${Math.round(tapAnsweredMs)} ms, paint ${Math.round(paintMs)} ms)`,
        met: tapAnsweredMs !== null && tapAnsweredMs - paintMs <= TARGETS.tapAnsweredAfterPaintMs,
      },
      {
        page,
        target: `lost taps ≤ ${TARGETS.lostTaps}`,
        figure: `${lost} of ${tries}`,
        met: lost <= TARGETS.lostTaps,
      },
    ]),
    ...keystrokes.map((k) => ({
      page: 'search box',
      target: `every key kept (${k.case})`,
      figure: `typed "${k.typed}", got "${k.got}"`,
      met: k.got === k.typed,
    })),
  ];
}
