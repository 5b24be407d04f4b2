import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodingWeights, negotiateEncoding } from '../../server/node/compression';

// The Node server's Accept-Encoding parser (server/node/compression.ts), against RFC 9110 §12.5.3:
// examples browsers and tools send, then properties over generated headers.

describe('negotiateEncoding', () => {
  it('answers what browsers, tools and the RFC examples ask for', () => {
    const cases: [string | undefined, string | null][] = [
      ['gzip, deflate, br, zstd', 'br'], // Chrome, Edge
      ['gzip, deflate, br', 'br'], // Firefox, Safari
      ['gzip, deflate', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=1.0, identity; q=0.5, *;q=0', 'gzip'], // RFC 9110's own example
      ['gzip;q=0.5, br;q=0.8', 'br'],
      ['gzip;q=0.9, br;q=0.8', 'gzip'],
      ['identity;q=1, br;q=0.5', null],
      ['br;q=0.5', 'br'],
      ['*', 'br'],
      ['*;q=0', null],
      ['*;q=0, gzip', 'gzip'],
      ['x-gzip', 'gzip'],
      ['BR', 'br'],
      ['br;Q=0', null],
      ['br;q=1.5', null], // not a weight: taken as a refusal
      ['br;q=abc, gzip', 'gzip'],
      ['br;q=0.0001', null], // four decimals: malformed
      ['br;level=5', 'br'],
      ['br, br;q=0', null], // named twice: the lower weight
      ['deflate', null],
      ['identity', null],
      ['', null],
      [undefined, null],
      [' , ,br , ', 'br'],
    ];
    for (const [header, expected] of cases) expect(negotiateEncoding(header), String(header)).toBe(expected);
  });

  const codings = fc.constantFrom('br', 'gzip', 'x-gzip', 'deflate', 'zstd', 'identity', '*', 'compress');
  const weight = fc.oneof(
    fc.constant(null),
    fc.constantFrom('0', '0.0', '0.000', '1', '1.0', '1.000', '0.5', '0.001', '0.999'),
    fc.constantFrom('2', '-1', '0.0001', 'x', '', '.5', '1.001'),
  );
  const spaces = fc.constantFrom('', ' ', '  ', '\t');
  const caseOf = (text: string, upper: boolean[]) =>
    [...text].map((c, i) => (upper[i % upper.length] ? c.toUpperCase() : c)).join('');
  const item = fc
    .tuple(codings, weight, spaces, spaces, fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }))
    .map(([coding, q, before, after, upper]) => ({
      coding,
      q,
      text: `${before}${caseOf(coding, upper)}${q === null ? '' : `${after};${before}${caseOf('q', upper)}=${q}`}${after}`,
    }));
  const header = fc.array(item, { maxLength: 8 });

  /** The weight RFC 9110 gives `coding` under these items, read the plain way (independent of the parser). */
  const weightOf = (items: { coding: string; q: string | null }[], coding: string): number => {
    const valid = (q: string | null) => (q === null ? 1 : /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(q) ? Number(q) : 0);
    const named = items.filter((i) => (i.coding === 'x-gzip' ? 'gzip' : i.coding) === coding);
    if (named.length) return Math.min(...named.map((i) => valid(i.q)));
    const star = items.filter((i) => i.coding === '*');
    return star.length ? Math.min(...star.map((i) => valid(i.q))) : 0;
  };

  it('property: never answers a coding the client weighed 0 (named or by *)', () => {
    fc.assert(
      fc.property(header, (items) => {
        const chosen = negotiateEncoding(items.map((i) => i.text).join(','));
        if (chosen !== null) expect(weightOf(items, chosen)).toBeGreaterThan(0);
      }),
      { numRuns: 2000 },
    );
  });

  it('property: answers the acceptable coding of highest weight, br on a tie', () => {
    fc.assert(
      fc.property(header, (items) => {
        const chosen = negotiateEncoding(items.map((i) => i.text).join(','));
        const br = weightOf(items, 'br');
        const gzip = weightOf(items, 'gzip');
        if (chosen === 'br') expect(br).toBeGreaterThanOrEqual(gzip);
        if (chosen === 'gzip') expect(gzip).toBeGreaterThan(br);
        // Nothing is answered only when neither is acceptable or identity is preferred.
        if (chosen === null && Math.max(br, gzip) > 0)
          expect(items.some((i) => i.coding === 'identity' || i.coding === '*')).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('property: the order of the items, their case and their spaces change nothing', () => {
    fc.assert(
      fc.property(header, fc.func(fc.integer()), (items, key) => {
        const shuffled = [...items].sort((a, b) => key(a.text) - key(b.text));
        const plain = items.map((i) => `${i.coding}${i.q === null ? '' : `;q=${i.q}`}`);
        const expected = negotiateEncoding(plain.join(','));
        expect(negotiateEncoding(shuffled.map((i) => i.text).join(' ,'))).toBe(expected);
      }),
      { numRuns: 1000 },
    );
  });

  it('property: any string is read without throwing, and weights stay within 0 and 1', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        const chosen = negotiateEncoding(text);
        expect(chosen === null || chosen === 'br' || chosen === 'gzip').toBe(true);
        for (const q of encodingWeights(text).values()) expect(q >= 0 && q <= 1).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
