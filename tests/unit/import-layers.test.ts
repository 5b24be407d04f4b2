import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listFiles } from '../../tools/lib/listFiles';

const root = process.cwd();
const SOURCE = /\.(ts|tsx|mts|cts|js|cjs|mjs)$/;

/** Every repository-relative module specifier in `source`: imports, re-exports, require, `@site/`. */
export function relativeImports(source: string): string[] {
  const found: string[] = [];
  const spec = `((?:\\.{1,2}|@site)\\/[^'"]+)`;
  const patterns = [
    new RegExp(`\\b(?:import|export)\\s[^'"]*?\\bfrom\\s*['"]${spec}['"]`, 'g'),
    new RegExp(`\\bimport\\s*['"]${spec}['"]`, 'g'),
    new RegExp(`\\b(?:import|require)\\s*\\(\\s*['"]${spec}['"]\\s*\\)`, 'g'),
  ];
  for (const pattern of patterns) for (const m of source.matchAll(pattern)) found.push(m[1]);
  return found;
}

type Room = 'browser' | 'shared' | 'server' | 'config' | 'build' | 'content' | 'tools' | 'tests' | 'build output';

/**
 * The room of a file of a framework replacement's folder: its tests are
 * tests; its wiring.ts, its CommonJS loaders and its *.build.ts modules run in the build; every
 * other module is bundled for the browser (framework/README.md).
 */
function frameworkUnitRoom(path: string): Room {
  if (/\.test\.tsx?$/.test(path)) return 'tests';
  if (/\/wiring\.ts$|\.build\.ts$|\.c[jt]s$/.test(path)) return 'build';
  return 'browser';
}

/** The room a repository path belongs to (README.md, "Folders"). */
export function roomOf(path: string): Room | null {
  if (/^framework\/replacements\/[^/]+\//.test(path)) return frameworkUnitRoom(path);
  if (path.startsWith('src/')) return 'browser';
  if (path.startsWith('shared/')) return 'shared';
  if (path.startsWith('server/')) return 'server';
  if (path.startsWith('config/')) return 'config';
  if (/^(plugins|framework)\//.test(path) || path === 'docusaurus.config.ts') return 'build';
  if (/^(content|docs)\//.test(path)) return 'content';
  if (path.startsWith('tools/')) return 'tools';
  if (/^(tests\/|playwright\.config|vitest\.config)/.test(path)) return 'tests';
  if (path.startsWith('build/')) return 'build output';
  return null;
}

// What each room may import. Browser and server code meet only in shared/; configuration is read
// by the build and the server alike; nothing but tests imports tests, and only tools and tests
// import tools.
const ALLOWED: Record<Exclude<Room, 'build output'>, Room[]> = {
  shared: ['shared'],
  browser: ['browser', 'shared'],
  server: ['server', 'shared', 'config', 'build output'],
  config: ['config', 'shared'],
  build: ['build', 'config', 'shared', 'server', 'browser', 'content'],
  content: ['content', 'shared'],
  tools: ['tools', 'build', 'config', 'shared', 'server', 'browser', 'content', 'build output'],
  tests: ['tests', 'tools', 'build', 'config', 'shared', 'server', 'browser', 'content', 'build output'],
};

function targetOf(file: string, specifier: string): string {
  const absolute = specifier.startsWith('@site/') ? join(root, specifier.slice(6)) : resolve(dirname(file), specifier);
  return relative(root, absolute).split(/[\\/]/).join('/');
}

const FOLDERS = ['src', 'shared', 'server', 'config', 'plugins', 'framework', 'content', 'tools', 'tests'];
const sources = [
  ...FOLDERS.flatMap((folder) => listFiles(join(root, folder), SOURCE)),
  ...['docusaurus.config.ts', 'playwright.config.ts', 'vitest.config.ts'].map((f) => join(root, f)),
];

describe('import direction', () => {
  it('finds every kind of import', () => {
    const source = [
      "import a from '../tests/a';",
      "import type { B } from './b';",
      "export * from '../c';",
      "import './d.css';",
      "const e = require('../e');",
      "const f = await import('./f');",
      "import g from '@site/shared/g';",
      "import h from 'react';",
    ].join('\n');
    expect(relativeImports(source).sort()).toEqual([
      '../c',
      '../e',
      '../tests/a',
      './b',
      './d.css',
      './f',
      '@site/shared/g',
    ]);
  });

  it('places every source file in a room', () => {
    expect(sources.length).toBeGreaterThan(300);
    expect(sources.map((f) => relative(root, f)).filter((f) => roomOf(f) === null)).toEqual([]);
  });

  it('points every import the way the rooms allow', () => {
    const violations = sources.flatMap((file) => {
      const from = roomOf(relative(root, file))!;
      if (from === 'build output') return [];
      return relativeImports(readFileSync(file, 'utf8'))
        .map((specifier) => ({ specifier, to: roomOf(targetOf(file, specifier)) }))
        .filter(({ to }) => to === null || !ALLOWED[from].includes(to))
        .map(({ specifier, to }) => `${relative(root, file)} (${from}) → ${specifier} (${to ?? 'outside every room'})`);
    });
    expect(violations).toEqual([]);
  });

  it('would catch browser code importing server code', () => {
    expect(ALLOWED.browser).not.toContain('server');
    expect(ALLOWED.server).not.toContain('browser');
    expect(roomOf(targetOf(join(root, 'src/search/x.ts'), '../../server/mcp/index'))).toBe('server');
  });

  it("tells a framework replacement's browser modules from its build code and its tests", () => {
    const unit = 'framework/replacements/head';
    expect(roomOf(`${unit}/clientHelmet.tsx`)).toBe('browser');
    expect(roomOf('framework/replacements/tslib/tslibImportDefault.js')).toBe('browser');
    expect(roomOf('framework/replacements/preload/deferFirstCall.ts')).toBe('browser');
    expect(roomOf(`${unit}/wiring.ts`)).toBe('build');
    expect(roomOf('framework/replacements/route-table/compact-routes-loader.cjs')).toBe('build');
    expect(roomOf('framework/replacements/ssr-template/ssrTemplate.build.ts')).toBe('build');
    expect(roomOf('framework/replacements/registry.ts')).toBe('build');
    expect(roomOf('framework/plugin.ts')).toBe('build');
    expect(roomOf(`${unit}/head.test.tsx`)).toBe('tests');
    expect(ALLOWED.browser).not.toContain('build');
    expect(ALLOWED.browser).not.toContain('tools');
  });
});
