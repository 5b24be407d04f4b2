// Builds a git ref as it was committed, for a bench part that sets a change beside the build
// before it in the same run: a temporary worktree that shares this checkout's node_modules.
import { execFileSync } from 'node:child_process';
import { rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { timedBuild, type BuildTiming } from './buildTiming';

/** The full commit `ref` names; a clear error when it names none. */
export function commitOf(ref: string): string {
  try {
    return execFileSync('git', ['rev-parse', '--verify', `${ref}^{commit}`], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error(`${ref} names no commit of this repository`);
  }
}

/** Builds `ref` into `outDir` (relative to this checkout) with `env`. */
export async function buildReference(ref: string, outDir: string, env: NodeJS.ProcessEnv): Promise<BuildTiming> {
  const tree = join(tmpdir(), `veriq-bench-reference-${process.pid}`);
  execFileSync('git', ['worktree', 'add', '--detach', tree, commitOf(ref)], { stdio: 'ignore' });
  try {
    symlinkSync(resolve('node_modules'), join(tree, 'node_modules'));
    return await timedBuild(resolve(outDir), env, tree);
  } finally {
    execFileSync('git', ['worktree', 'remove', '--force', tree], { stdio: 'ignore' });
    rmSync(tree, { recursive: true, force: true });
  }
}
