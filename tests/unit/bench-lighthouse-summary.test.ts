import { describe, expect, it } from 'vitest';
import { summarise } from '../../tools/bench/lighthouseSummary';
import { median } from '../../tools/lib/stats';
import type { RunScores } from '../../tools/bench/lighthouseRuns';

const run = (overrides: Partial<RunScores>): RunScores => ({
  cpuSlowdown: 4,
  performance: 80,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  lcpMs: 2000,
  tbtMs: 300,
  cls: 0,
  benchmarkIndex: 1000,
  articleChunks: 0,
  failedAudits: { accessibility: [], bestPractices: [], seo: [] },
  ...overrides,
});

describe('median', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });
});

describe('summarise', () => {
  const runs = [
    run({ performance: 77, accessibility: 100, lcpMs: 2100.4, cls: 0.0014 }),
    run({
      performance: 82,
      accessibility: 96,
      lcpMs: 1900,
      cls: 0.0024,
      failedAudits: { accessibility: ['color-contrast', 'button-name'], bestPractices: [], seo: [] },
    }),
    run({ performance: 79, accessibility: 100, lcpMs: 2000, cls: 0.0004 }),
  ];

  it('reports medians of the performance figures and the lowest of the must-hold categories', () => {
    expect(summarise('veriq', '/', 'mobile', runs, false)).toEqual({
      site: 'veriq',
      page: '/',
      formFactor: 'mobile',
      cpu: '4x',
      runs: 3,
      performance: 79,
      performanceRange: '77–82',
      accessibility: 96,
      bestPractices: 100,
      seo: 100,
      lcpMs: 2000,
      tbtMs: 300,
      cls: 0.001,
      benchmarkIndex: 1000,
      failedAudits: { accessibility: ['button-name', 'color-contrast'], bestPractices: [], seo: [] },
    });
  });

  it('labels a calibrated slowdown', () => {
    const calibrated = runs.map((r) => ({ ...r, cpuSlowdown: 2.3 }));
    expect(summarise('stock', '/', 'mobile', calibrated, true).cpu).toBe('calibrated 2.3x');
  });
});
