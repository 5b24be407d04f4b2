import { describe, expect, it } from 'vitest';
import { subjectFindings } from '../../tools/lib/commitSubjects';

describe('commit subjects', () => {
  it('passes subjects of 72 characters and fewer, counting characters, not bytes', () => {
    expect(subjectFindings(`abc1234\t${'é'.repeat(72)}\ndef5678\tShort\n`)).toEqual([]);
  });

  it('names each commit whose subject is longer', () => {
    expect(subjectFindings(`abc1234\t${'x'.repeat(73)}\n`)).toEqual([
      `abc1234: subject is 73 characters (at most 72): ${'x'.repeat(73)}`,
    ]);
  });
});
