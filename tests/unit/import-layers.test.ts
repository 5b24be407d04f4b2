import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listFiles } from '../../scripts/listFiles';

const root = process.cwd();
const SOURCE = /\.(ts|tsx|js|cjs|mjs)$/;

/** Every relative module specifier in `source`: static and dynamic imports, re-exports, require. */
export function relativeImports(source: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\b(?:import|export)\s[^'"]*?\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]/g,
    /\bimport\s*['"](\.{1,2}\/[^'"]+)['"]/g,
    /\b(?:import|require)\s*\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g,
  ];
  for (const pattern of patterns) for (const m of source.matchAll(pattern)) found.push(m[1]!);
  return found;
}

/** The repository folder (or root file) an import of `specifier` from `file` lands in. */
function layerOf(file: string, specifier: string): string {
  return relative(root, resolve(dirname(file), specifier)).split(/[\\/]/)[0]!;
}

// Dependencies point down: the site and its tooling never reach into the test suite, plugins do
// not borrow from command-line scripts, and nothing reads the Playwright configuration.
const RULES: { from: string; forbidden: string[] }[] = [
  { from: 'scripts', forbidden: ['tests', 'playwright.config.ts'] },
  { from: 'plugins', forbidden: ['tests', 'scripts', 'playwright.config.ts'] },
  { from: 'framework', forbidden: ['tests', 'scripts', 'playwright.config.ts'] },
  { from: 'src', forbidden: ['tests', 'playwright.config.ts'] },
  { from: 'config', forbidden: ['tests', 'playwright.config.ts'] },
  { from: 'dev', forbidden: ['tests', 'scripts', 'playwright.config.ts'] },
];

describe('import layers', () => {
  it('finds every kind of relative import', () => {
    const source = [
      "import a from '../tests/a';",
      "import type { B } from './b';",
      "export * from '../c';",
      "import './d.css';",
      "const e = require('../e');",
      "const f = await import('./f');",
      "import g from 'react';",
    ].join('\n');
    expect(relativeImports(source)).toEqual(['../tests/a', './b', '../c', './d.css', '../e', './f']);
  });

  for (const { from, forbidden } of RULES) {
    it(`nothing under ${from}/ imports from ${forbidden.join(', ')}`, () => {
      const files = listFiles(join(root, from), SOURCE);
      expect(files.length).toBeGreaterThan(0);
      const violations = files.flatMap((file) =>
        relativeImports(readFileSync(file, 'utf8'))
          .filter((specifier) =>
            forbidden.some(
              (f) => layerOf(file, specifier) === f.replace(/\.ts$/, '') || layerOf(file, specifier) === f,
            ),
          )
          .map((specifier) => `${relative(root, file)} → ${specifier}`),
      );
      expect(violations).toEqual([]);
    });
  }
});
