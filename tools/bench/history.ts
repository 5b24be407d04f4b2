// The bench's history: each run of a part writes one JSON file under maintainers/bench-history/,
// named by date, commit and part, so figures are compared across commits without prose reports.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';

export const HISTORY_DIR = join('maintainers', 'bench-history');

export interface HistoryEntry {
  part: string;
  measuredAt: string;
  commit: string;
  /** Whether the working tree had uncommitted changes when the figures were taken. */
  dirty: boolean;
  machine: { cpus: number; cpuModel: string; memoryGiB: number; node: string; platform: string };
  results: unknown;
}

function git(args: string[]): string {
  try {
    return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return '';
  }
}

export function historyEntry(part: string, results: unknown, now = new Date()): HistoryEntry {
  return {
    part,
    measuredAt: now.toISOString(),
    commit: git(['rev-parse', 'HEAD']) || 'unknown',
    dirty: git(['status', '--porcelain', '--untracked-files=no']) !== '',
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? 'unknown',
      memoryGiB: Math.round(totalmem() / 2 ** 30),
      node: process.version,
      platform: `${process.platform}-${process.arch}`,
    },
    results,
  };
}

/** Writes one run's figures and returns the file's path. */
export function recordHistory(part: string, results: unknown, dir = HISTORY_DIR): string {
  const entry = historyEntry(part, results);
  const stamp = entry.measuredAt.slice(0, 19).replace(/[:T]/g, '-');
  const file = join(dir, `${stamp}-${entry.commit.slice(0, 7)}-${part}.json`);
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, `${JSON.stringify(entry, null, 2)}\n`);
  // In the repo's own format (short arrays on one line), so that `npm run lint` passes as written.
  execFileSync('npx', ['prettier', '--write', '--log-level', 'warn', file], { stdio: 'inherit' });
  return file;
}
