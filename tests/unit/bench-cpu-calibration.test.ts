import { describe, expect, it } from 'vitest';
import {
  calibratedCpuSlowdown,
  DEFAULT_CPU_SLOWDOWN,
  REFERENCE_BENCHMARK_INDEX,
} from '../../tools/bench/cpuCalibration';

describe('calibratedCpuSlowdown', () => {
  it('keeps Lighthouse’s default on the reference desktop', () => {
    expect(calibratedCpuSlowdown(REFERENCE_BENCHMARK_INDEX)).toBe(DEFAULT_CPU_SLOWDOWN);
  });

  it('scales with the host’s speed, to one decimal', () => {
    expect(calibratedCpuSlowdown(1000)).toBe(2.3);
    expect(calibratedCpuSlowdown(875)).toBe(2);
    expect(calibratedCpuSlowdown(2500)).toBe(5.7);
  });

  it('never asks a host to simulate a device faster than itself', () => {
    expect(calibratedCpuSlowdown(300)).toBe(1);
  });

  it('rejects an index Lighthouse did not measure', () => {
    expect(() => calibratedCpuSlowdown(0)).toThrow(/positive number; got 0/);
    expect(() => calibratedCpuSlowdown(Number.NaN)).toThrow(RangeError);
  });
});
