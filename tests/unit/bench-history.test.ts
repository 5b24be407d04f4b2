import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { historyEntry, recordHistory, type HistoryEntry } from '../../tools/bench/history';

describe('bench history', () => {
  const dir = mkdtempSync(join(tmpdir(), 'bench-history-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('names the part, the commit and the machine beside the results', () => {
    const entry = historyEntry('search', { p95: 1.2 }, new Date('2026-11-27T12:00:00Z'));
    expect(entry).toMatchObject({ part: 'search', measuredAt: '2026-11-27T12:00:00.000Z', results: { p95: 1.2 } });
    expect(entry.commit).toMatch(/^[0-9a-f]{40}$/);
    expect(entry.machine.cpus).toBeGreaterThan(0);
    expect(entry.machine.node).toBe(process.version);
  });

  it('writes one file per run, named by time, commit and part', () => {
    const file = recordHistory('load', { rows: [] }, dir);
    expect(readdirSync(dir)).toEqual([file.slice(dir.length + 1)]);
    expect(file).toMatch(/\d{4}-\d\d-\d\d-\d\d-\d\d-\d\d-[0-9a-f]{7}-load\.json$/);
    const written = JSON.parse(readFileSync(file, 'utf8')) as HistoryEntry;
    expect(written.results).toEqual({ rows: [] });
  });

  it('holds only entries the bench wrote, each with a part and results', () => {
    const history = join(process.cwd(), 'maintainers', 'bench-history');
    const files = readdirSync(history).filter((f) => f.endsWith('.json'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const entry = JSON.parse(readFileSync(join(history, file), 'utf8')) as HistoryEntry;
      expect(file.endsWith(`-${entry.part}.json`)).toBe(true);
      expect(entry.results).toBeDefined();
    }
  });
});
