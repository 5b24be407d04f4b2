// Lighthouse simulates a mobile CPU by multiplying the main-thread work it observed on the
// host by `cpuSlowdownMultiplier`. Its default, 4x, is chosen for a host in the "high-end
// desktop" class (benchmark index 1,500–2,000): on a slower host the same 4x simulates a
// phone slower than the one Lighthouse means. Lighthouse's throttling guide
// (docs/throttling.md, "Calibrating the CPU slowdown") says to lower the multiplier on such
// hosts; this is that calibration, made continuous so that the simulated device stays the
// same whatever machine runs the bench.

/** Lighthouse's default mobile CPU slowdown. */
export const DEFAULT_CPU_SLOWDOWN = 4;

/** Middle of the benchmark-index range Lighthouse's 4x default is designed for (1,500–2,000). */
export const REFERENCE_BENCHMARK_INDEX = 1750;

/**
 * The multiplier that makes a host with this benchmark index simulate the same device as the
 * default 4x on the reference desktop: 4 × index / 1,750, to one decimal, never below 1 (a
 * host cannot simulate a device faster than itself). A faster host than the reference gets
 * more than 4x, as the guide also recommends.
 */
export function calibratedCpuSlowdown(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) {
    throw new RangeError(`A benchmark index must be a positive number; got ${benchmarkIndex}.`);
  }
  const multiplier = (DEFAULT_CPU_SLOWDOWN * benchmarkIndex) / REFERENCE_BENCHMARK_INDEX;
  return Math.max(1, Math.round(multiplier * 10) / 10);
}
