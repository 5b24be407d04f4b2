import { describe, expect, it } from 'vitest';
import { gitHistory, gitHistoryFrom, showLastUpdateTime } from '../../config/gitHistory';

describe('last-updated dates and git history', () => {
  it('reads git rev-parse --is-shallow-repository', () => {
    expect(gitHistoryFrom('false\n')).toBe('full');
    expect(gitHistoryFrom('true\n')).toBe('shallow');
    expect(gitHistoryFrom(null)).toBe('none');
  });
  it('shows dates only from a full history, and says why when it does not', () => {
    const warnings: string[] = [];
    expect(showLastUpdateTime('full', (m) => warnings.push(m))).toBe(true);
    expect(warnings).toEqual([]);
    expect(showLastUpdateTime('shallow', (m) => warnings.push(m))).toBe(false);
    expect(showLastUpdateTime('none', (m) => warnings.push(m))).toBe(false);
    expect(warnings[0]).toMatch(/shallow.*git fetch --unshallow/);
    expect(warnings[1]).toMatch(/no git history/);
  });
  it('finds no repository outside one', () => {
    expect(gitHistory('/')).toBe('none');
  });
});
