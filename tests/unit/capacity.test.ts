import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { derived, statements } from '../../content/facts/capacity';

describe('content/facts/capacity.ts', () => {
  const d = derived();

  it('computes the figures the pages state', () => {
    expect(d.stack).toEqual({ cpu: 2.25, memoryGiB: 9 });
    expect(d.stackWithOneEngine).toEqual({ cpu: 4.25, memoryGiB: 15 });
    expect(d.heapGiB).toBe(6);
    expect(d.perSlotGiB).toBe(1.25);
  });

  it('beside the stack an 8 vCPU / 32 GiB node holds two engines, three only when dedicated', () => {
    expect(d.enginesBesideStack).toBe(2);
    expect(d.enginesDedicatedNode).toBe(3);
  });

  it("DuckDB's default 4GB does not fit outside the heap of a default engine; the files pool fits 3GB", () => {
    expect(d.outsideHeapGiB).toBe(2);
    expect(d.duckdbRoomGiB).toBe(1.5);
    expect(d.duckdbDefaultFits).toBe(false);
    expect(d.filesPool.duckdbLimitFits).toBe(true);
  });

  it.each(statements())('$page states "$text"', ({ page, text }) => {
    expect(readFileSync(page, 'utf8')).toContain(text);
  });

  it('no page states the figures sizing.md once got wrong', () => {
    const sizing = readFileSync('docs/sizing.md', 'utf8');
    expect(sizing).not.toMatch(/about three engines fit/);
    expect(sizing).not.toMatch(/within its 4 GB limit/);
  });
});
