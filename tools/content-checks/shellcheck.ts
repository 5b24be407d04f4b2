// Runs Debian's `shellcheck` over the docs' shell blocks: one process for all blocks (one temporary
// file per block), JSON output mapped back to the block and line.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CodeBlock } from './codeBlocks';

export const SHELL_LANGS = new Set(['bash', 'sh', 'shell', 'console']);

/** Checks left out for every block, for reasons that hold for documentation snippets. SC2034 (unused
 * variable): a later step or the reader's own script uses it. SC2164 (`cd` without `|| exit`): readers
 * type steps one by one, and `|| exit` would close their terminal. SC1091 (sourced file not followed):
 * it lives on the reader's machine. SC2154 (unassigned variable): an earlier block set it. SC2016
 * (`$` in single quotes): literal on purpose, as in `'robot$veriq-push'` and jq or awk programs. */
export const EXCLUDED = ['SC2034', 'SC2164', 'SC1091', 'SC2154', 'SC2016'];

export interface ShellFinding {
  block: CodeBlock;
  /** 1-based line inside the block's code. */
  line: number;
  code: string;
  message: string;
}

/**
 * The script shellcheck sees for a block, with the block's line for each script line. A `console`
 * block holds prompts and output: only the commands after `$ ` (and their continuation lines) count.
 */
export function scriptOf(block: CodeBlock): { text: string; lines: number[] } {
  const source = block.value.split('\n');
  if (block.lang !== 'console') return { text: source.join('\n'), lines: source.map((_, i) => i + 1) };
  const text: string[] = [];
  const lines: number[] = [];
  let continued = false;
  source.forEach((raw, i) => {
    const prompt = /^(?:[\w@.:~/-]*)?[$#] (.*)$/.exec(raw);
    if (continued || prompt) {
      const command = continued ? raw : prompt![1];
      text.push(command);
      lines.push(i + 1);
      continued = /\\$/.test(command);
    }
  });
  return { text: text.join('\n'), lines };
}

export function shellcheckVersion(): string | null {
  const run = spawnSync('shellcheck', ['--version'], { encoding: 'utf8' });
  if (run.error || run.status !== 0) return null;
  return /version: (\S+)/.exec(run.stdout)?.[1] ?? 'unknown';
}

interface JsonComment {
  file: string;
  line: number;
  code: number;
  message: string;
}

export function runShellcheck(blocks: CodeBlock[]): ShellFinding[] {
  if (blocks.length === 0) return [];
  const dir = mkdtempSync(join(tmpdir(), 'veriq-shellcheck-'));
  try {
    const scripts = blocks.map((block, i) => {
      const script = scriptOf(block);
      const file = join(dir, `${i}.sh`);
      writeFileSync(file, `${script.text}\n`);
      return { block, file, lines: script.lines };
    });
    const args = ['--format=json1', '--shell=bash', `--exclude=${EXCLUDED.join(',')}`, ...scripts.map((s) => s.file)];
    let stdout: string;
    try {
      stdout = execFileSync('shellcheck', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    } catch (error) {
      // Exit status 1 means findings; the JSON is still on stdout.
      const e = error as { status?: number; stdout?: string };
      if (e.status !== 1 || typeof e.stdout !== 'string') throw error;
      stdout = e.stdout;
    }
    const byFile = new Map(scripts.map((s) => [s.file, s]));
    return (JSON.parse(stdout) as { comments: JsonComment[] }).comments.map((c) => {
      const script = byFile.get(c.file)!;
      return {
        block: script.block,
        line: script.lines[c.line - 1] ?? c.line,
        code: `SC${c.code}`,
        message: c.message,
      };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
