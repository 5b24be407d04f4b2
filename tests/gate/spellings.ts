// Generated spellings of a path, the way an attacker varies them: encodings, case, extra segments
// and endings hosts read differently (the full list: maintainers/decisions/2026-11-27-gate-path-decoding.md).
// Web-standard and fast-check only: the Node e2e suite (tests/e2e/gate-attacks.spec.ts) and the
// edge entry's Deno test (tests/gate/edge-spellings.deno.test.ts) run the same generator.
import fc from 'fast-check';

/** The seed CI runs with; the bench runs more spellings from other seeds. */
export const SPELLING_SEED = 20261125;

function escapes(char: string, lower: boolean, twice: boolean): string {
  return [...new TextEncoder().encode(char)]
    .map((byte) => {
      const hex = byte.toString(16).padStart(2, '0');
      const cased = lower ? hex.toLowerCase() : hex.toUpperCase();
      return twice ? `%25${cased}` : `%${cased}`;
    })
    .join('');
}

function charSpelling(char: string): fc.Arbitrary<string> {
  const forms: fc.WeightedArbitrary<string>[] = [
    { weight: 8, arbitrary: fc.constant(char) },
    { weight: 1, arbitrary: fc.constant(escapes(char, false, false)) },
    { weight: 1, arbitrary: fc.constant(escapes(char, true, false)) },
    { weight: 1, arbitrary: fc.constant(escapes(char, false, true)) },
  ];
  if (char.toUpperCase() !== char.toLowerCase()) {
    forms.push({
      weight: 1,
      arbitrary: fc.constant(char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase()),
    });
  }
  return fc.oneof(...forms);
}

const AT_SLASH = ['/', '//', '/./', '/x/../', '/%2F', '/%2f', '%5C', '\\', '/%2e/', '/%2E%2E/guides/../'];
const ENDINGS = [
  '',
  '',
  '',
  '/',
  '.html',
  '/index.html',
  '%3F',
  '%3Fx=1',
  '%23',
  '%23top',
  '%3B',
  ';x',
  '%00',
  '%2500',
  '%2e',
  '.',
];

/** Spellings of `path` (a plain path starting with `/`). */
export function spellingOf(path: string): fc.Arbitrary<string> {
  const chars = [...path];
  const slashes = chars.flatMap((c, i) => (c === '/' ? [i] : []));
  return fc
    .tuple(
      fc.tuple(...chars.map((c) => (c === '/' ? fc.constant('/') : charSpelling(c)))),
      fc.constantFrom(...slashes),
      fc.constantFrom(...AT_SLASH),
      fc.constantFrom(...ENDINGS),
    )
    .map(([spelled, at, slash, ending]) => {
      const out = [...spelled];
      // A request path starts with `/`; at the first slash the variant follows it.
      out[at] = at === 0 && !slash.startsWith('/') ? '/' + slash : slash;
      return out.join('') + ending;
    });
}

/**
 * Host names the MCP server is reached on (the site's canonical host, loopback names, a Netlify
 * branch alias, a deploy preview, a deploy's permalink) and one that is none of them: the resource
 * its metadata names and the audience it accepts must agree on each (tests/gate/mcp-cases.ts).
 */
export const MCP_HOSTS = [
  'docs.example.com',
  'localhost',
  '127.0.0.1',
  '[::1]',
  'main--veriq-docs.netlify.app',
  'deploy-preview-42--veriq-docs.netlify.app',
  '6565f0e1a2b3c4d5e6f7a8b9--veriq-docs.netlify.app',
  'evil.example',
] as const;

/** An origin on one of MCP_HOSTS, spelled as a client may: scheme, case, port, a trailing dot. */
export function hostSpelling(): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.constantFrom('http', 'https', 'HTTPS'),
      fc.constantFrom(...MCP_HOSTS),
      fc.array(fc.boolean(), { minLength: 1, maxLength: 6 }),
      fc.constantFrom('', '.'),
      fc.oneof(
        fc.constant(''),
        fc.constantFrom(':80', ':443', ':3000', ':4173'),
        fc.integer({ min: 1, max: 65535 }).map((p) => `:${p}`),
      ),
    )
    .map(([scheme, host, upper, dot, port]) => {
      const cased = [...host].map((c, i) => (upper[i % upper.length] ? c.toUpperCase() : c)).join('');
      return `${scheme}://${cased}${host.startsWith('[') ? '' : dot}${port}`;
    });
}
