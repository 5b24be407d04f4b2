import { describe, expect, it } from 'vitest';
import { checkTapTargets, checkTargets, type PageMeasurement } from '../../tools/bench/targets';

const page = (overrides: Partial<PageMeasurement> = {}): PageMeasurement => ({
  page: 'home',
  site: { performance: 96, lcpMs: 1300, tbtMs: 150 },
  scriptFree: { performance: 100, lcpMs: 1000, tbtMs: 0 },
  firstLoadGzipKiB: 150,
  ...overrides,
});

const metBy = (m: PageMeasurement) => Object.fromEntries(checkTargets([m]).map((c) => [c.target.split(' ')[0], c.met]));

describe('bench targets (Lighthouse, blocking time and first load against the script-free copy)', () => {
  it('meets every target on the boundaries', () => {
    expect(checkTargets([page()]).every((c) => c.met)).toBe(true);
  });

  it('misses performance more than 5 points below the script-free copy', () => {
    expect(metBy(page({ site: { performance: 94, lcpMs: 1000, tbtMs: 0 } })).performance).toBe(false);
  });

  it('misses an LCP above 1.3 times the script-free copy, and one measured against no LCP at all', () => {
    expect(metBy(page({ site: { performance: 100, lcpMs: 1301, tbtMs: 0 } })).LCP).toBe(false);
    expect(metBy(page({ scriptFree: { performance: 100, lcpMs: 0, tbtMs: 0 } })).LCP).toBe(false);
  });

  it('misses a TBT above 200 ms and a first load above 160 KiB', () => {
    const checks = metBy(page({ site: { performance: 100, lcpMs: 1000, tbtMs: 201 }, firstLoadGzipKiB: 160.1 }));
    expect(checks.TBT).toBe(false);
    expect(checks.first).toBe(false);
    expect(metBy(page({ firstLoadGzipKiB: 160 })).first).toBe(true);
  });

  it('names the page and the figures of each check', () => {
    const [perf, lcp] = checkTargets([page({ page: 'release notes' })]);
    expect(perf).toMatchObject({ page: 'release notes', figure: '96 vs 100' });
    expect(lcp.figure).toBe('1300 ms vs 1000 ms (1.30×)');
  });
});

describe('input targets (first tap and keystrokes on the phone profile)', () => {
  const tap = { page: 'home', paintMs: 1470, noTapLostFromMs: 1480, tapAnsweredMs: 1900, lost: 0, tries: 5 };

  it('meets no tap lost from 2.5 s, an answer within 0.5 s of paint, no tap lost and every key kept', () => {
    const checks = checkTapTargets([tap], [{ case: 'cold /', typed: 'snowflake', got: 'snowflake' }]);
    expect(checks.map((c) => c.met)).toEqual([true, true, true, true]);
    expect(checks[0].figure).toBe('1480 ms (paint 1470 ms)');
    expect(checks[1].figure).toBe('+430 ms (answered at 1900 ms, paint 1470 ms)');
  });

  it('reports a tap held until hydration as not lost but answered late', () => {
    const [held, answered] = checkTapTargets([{ ...tap, tapAnsweredMs: 4100 }], []);
    expect(held.met).toBe(true);
    expect(answered).toMatchObject({ figure: '+2630 ms (answered at 4100 ms, paint 1470 ms)', met: false });
  });

  it('misses a late first tap, no tap taking effect, a lost tap and a dropped key', () => {
    const [late] = checkTapTargets([{ ...tap, noTapLostFromMs: 2501 }], []);
    expect(late.met).toBe(false);
    const [none, never, lost] = checkTapTargets([{ ...tap, noTapLostFromMs: null, tapAnsweredMs: null, lost: 1 }], []);
    expect(none).toMatchObject({ figure: 'no tap took effect', met: false });
    expect(never).toMatchObject({ figure: 'never answered', met: false });
    expect(lost).toMatchObject({ figure: '1 of 5', met: false });
    const [key] = checkTapTargets([], [{ case: 'warm', typed: 'snowflake', got: 'nowflake' }]);
    expect(key.met).toBe(false);
  });
});
