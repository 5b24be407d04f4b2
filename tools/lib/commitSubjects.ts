export const MAX_SUBJECT = 72;

/** One line per commit whose subject is too long, from `git log --format=%h%x09%s` output. */
export function subjectFindings(log: string, max = MAX_SUBJECT): string[] {
  return log
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t'))
    .filter(([, subject = '']) => [...subject].length > max)
    .map(
      ([hash, subject = '']) => `${hash}: subject is ${[...subject].length} characters (at most ${max}): ${subject}`,
    );
}
