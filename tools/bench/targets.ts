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

/** The chrome's answer to a tap at first paint (npm run bench -- answers), on the phone profile. */
export const ANSWER_TARGETS = {
  /** Menu, search box showing typing, colour mode: ms after the load's paint. */
  chromeAfterPaintMs: 500,
  /** Copy page: the clipboard written, ms after the load's paint. */
  copyAfterPaintMs: 1000,
  /**
   * "No worse than today" for a time: within this share of today's median, or this many ms,
   * whichever is larger: medians of cold loads on a shared machine move by that much between runs.
   */
  timeNoise: { share: 0.05, ms: 50 },
} as const;

export interface AnswerMeasurement {
  page: string;
  control: string;
  answered: string;
  answerAfterPaintMs: number | null;
}

/** One page's figures, this build or today's, for "no worse than today". */
export interface BesideToday {
  paintMs: number;
  lcpMs: number;
  tbtMs: number;
  performance: number;
  firstLoadGzipKiB: number;
}

/**
 * The answers against their targets, and each page's paint, LCP, TBT, Lighthouse score and first
 * load against today's build measured in the same run. First load may grow by the stand-ins' own
 * file and the app's side of their hand-over (`standinsGzipKiB`) and no more, within the budget.
 */
export function checkAnswerTargets(
  answers: readonly AnswerMeasurement[],
  pages: readonly { page: string; veriq: BesideToday; today: BesideToday }[],
  standinsGzipKiB: number,
): TargetCheck[] {
  const noWorse = (now: number, before: number) =>
    now <= before + Math.max(before * ANSWER_TARGETS.timeNoise.share, ANSWER_TARGETS.timeNoise.ms);
  const ms = (v: number) => `${Math.round(v)} ms`;
  return [
    ...answers.map(({ page, control, answered, answerAfterPaintMs }) => {
      const limit = control === 'copy' ? ANSWER_TARGETS.copyAfterPaintMs : ANSWER_TARGETS.chromeAfterPaintMs;
      const [got, of] = answered.split('/');
      return {
        page,
        target: `${control} answered ≤ ${limit} ms after paint, every load`,
        figure: answerAfterPaintMs === null ? `never (${answered})` : `+${answerAfterPaintMs} ms (${answered})`,
        met: answerAfterPaintMs !== null && answerAfterPaintMs <= limit && got === of,
      };
    }),
    ...pages.flatMap(({ page, veriq, today }) => [
      {
        page,
        target: 'paint no later than today',
        figure: `${ms(veriq.paintMs)} vs ${ms(today.paintMs)}`,
        met: noWorse(veriq.paintMs, today.paintMs),
      },
      {
        page,
        target: 'LCP no later than today',
        figure: `${ms(veriq.lcpMs)} vs ${ms(today.lcpMs)}`,
        met: noWorse(veriq.lcpMs, today.lcpMs),
      },
      {
        page,
        target: 'TBT no more than today',
        figure: `${ms(veriq.tbtMs)} vs ${ms(today.tbtMs)}`,
        met: noWorse(veriq.tbtMs, today.tbtMs),
      },
      {
        page,
        target: 'Lighthouse performance 100',
        figure: `${veriq.performance} vs ${today.performance}`,
        met: veriq.performance >= 100,
      },
      {
        page,
        target: `first load ≤ today + the stand-ins and their hand-over (${standinsGzipKiB} KiB), ≤ ${TARGETS.firstLoadGzipKiB} KiB`,
        figure: `${veriq.firstLoadGzipKiB} KiB vs ${today.firstLoadGzipKiB} KiB`,
        met:
          veriq.firstLoadGzipKiB <= today.firstLoadGzipKiB + standinsGzipKiB + 0.1 &&
          veriq.firstLoadGzipKiB <= TARGETS.firstLoadGzipKiB,
      },
    ]),
  ];
}
