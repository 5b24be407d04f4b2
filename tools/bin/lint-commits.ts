// `npm run lint:commits`: every commit subject since the repository's layout commit is at most
// 72 characters (CONTRIBUTING.md, "Commits"). Earlier history is left as it is.
import { execFileSync } from 'node:child_process';
import { subjectFindings } from '../lib/commitSubjects';

/** The first commit of the current layout; subjects before it were written to another rule. */
const SINCE = 'f0ec332';

function git(args: string[]): string | null {
  try {
    return execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return null;
  }
}

const range = git(['cat-file', '-e', `${SINCE}^{commit}`]) === null ? 'HEAD^!' : `${SINCE}^..HEAD`;
const log = git(['log', '--format=%h%x09%s', range]);
if (log === null) {
  console.log('lint:commits: no git history here, nothing to check');
} else {
  const findings = subjectFindings(log);
  for (const finding of findings) console.error(finding);
  console.log(`${log.trim().split('\n').length} commit subjects checked (${range}), ${findings.length} too long`);
  if (findings.length > 0) process.exitCode = 1;
}
