import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { coldRto, duration, statements, warmRto } from '../../content/facts/recovery';

describe('content/facts/recovery.ts', () => {
  it('sums the four steps of a cold restore and rounds up to the quarter hour', () => {
    expect(coldRto('embedded', 5)).toEqual({ sum: 82, rounded: 90 });
    expect(coldRto('helm', 5)).toEqual({ sum: 67, rounded: 75 });
    expect(coldRto('existing', 50)).toEqual({ sum: 172, rounded: 180 });
    expect(coldRto('helm', 200)).toEqual({ sum: 457, rounded: 465 });
  });

  it('a warm standby is platform, promotion and verification: 70 and 55 minutes, not 1 h and 45 min', () => {
    expect(warmRto('embedded')).toEqual({ sum: 70, rounded: 75 });
    expect(warmRto('helm')).toEqual({ sum: 55, rounded: 60 });
  });

  it('writes durations as the page does', () => {
    expect([90, 180, 45, 465, 100].map(duration)).toEqual(['1 h 30 min', '3 h', '45 min', '7 h 45 min', '1 h 40 min']);
  });

  it.each(statements())('$page states "$text"', ({ page, text }) => {
    expect(readFileSync(page, 'utf8')).toContain(text);
  });

  it('no page claims a different rounding or the old warm-standby figures', () => {
    const page = readFileSync('docs/disaster-recovery.md', 'utf8');
    expect(page).not.toMatch(/nearest quarter hour/);
    expect(page).not.toMatch(/\| Any size, warm standby \| 1 h \| 1 h \| 45 min \|/);
  });
});
