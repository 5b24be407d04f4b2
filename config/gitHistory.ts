// Whether the build can tell when each page was last updated. Docusaurus reads each source
// file's last commit; in a shallow clone (Netlify's default) every file's last commit is the
// clone's single commit, so every page would claim to be updated on the day of the build.
// netlify.toml deepens the clone first; when the history is still missing, the dates are left
// out (and the build says so) rather than shown wrong.
import { execFileSync } from 'node:child_process';

export type GitHistory = 'full' | 'shallow' | 'none';

/** Interprets `git rev-parse --is-shallow-repository` (null: git or the repository is missing). */
export function gitHistoryFrom(output: string | null): GitHistory {
  if (output === null) return 'none';
  return output.trim() === 'false' ? 'full' : 'shallow';
}

export function gitHistory(cwd: string): GitHistory {
  try {
    const output = execFileSync('git', ['rev-parse', '--is-shallow-repository'], {
      cwd,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return gitHistoryFrom(output);
  } catch {
    return gitHistoryFrom(null);
  }
}

/** Shows last-updated dates only from a full history; otherwise warns once and leaves them out. */
export function showLastUpdateTime(history: GitHistory, warn: (message: string) => void = console.warn): boolean {
  if (history === 'full') return true;
  warn(
    history === 'shallow'
      ? '[veriq] shallow git clone: pages are built without "Last updated" dates (run `git fetch --unshallow` first).'
      : '[veriq] no git history: pages are built without "Last updated" dates.',
  );
  return false;
}
