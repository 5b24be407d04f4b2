// Lighthouse's default 4x CPU slowdown is meant for a "high-end desktop" host (benchmark index
// 1,500–2,000); on a slower host it simulates a slower phone. Lighthouse's throttling guide says to
// lower the multiplier there; this is that calibration, made continuous, so the simulated device
// is the same whatever machine runs the bench. Why: maintainers/decisions/2026-11-27-bench-method.md

/** Lighthouse's default mobile CPU slowdown. */
export const DEFAULT_CPU_SLOWDOWN = 4;

/** Middle of the benchmark-index range Lighthouse's 4x default is designed for (1,500–2,000). */
export const REFERENCE_BENCHMARK_INDEX = 1750;

/**
 * The multiplier that makes a host with this benchmark index simulate the same device as the
 * default 4x on the reference desktop: 4 × index / 1,750, to one decimal, never below 1 (a host
 * cannot simulate a faster device than itself). A faster host gets more than 4x, as the guide says.
 */
export function calibratedCpuSlowdown(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) {
    throw new RangeError(`A benchmark index must be a positive number; got ${benchmarkIndex}.`);
  }
  const multiplier = (DEFAULT_CPU_SLOWDOWN * benchmarkIndex) / REFERENCE_BENCHMARK_INDEX;
  return Math.max(1, Math.round(multiplier * 10) / 10);
}
