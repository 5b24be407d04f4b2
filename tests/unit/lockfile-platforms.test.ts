import { describe, expect, it } from 'vitest';
import { missingOptionalDependencies, type Lockfile } from '../../tools/lockfile/platforms';

describe('missingOptionalDependencies', () => {
  it('reports a platform binary the lockfile does not lock', () => {
    const lock = {
      packages: {
        '': {},
        'node_modules/@swc/core': {
          version: '1.16.22',
          optionalDependencies: { '@swc/core-linux-x64-gnu': '1.16.22', '@swc/core-darwin-arm64': '1.16.22' },
        },
        'node_modules/@swc/core-linux-x64-gnu': { version: '1.16.22' },
      },
    };
    expect(missingOptionalDependencies(lock)).toEqual(['node_modules/@swc/core -> @swc/core-darwin-arm64']);
  });

  it('finds a binary hoisted above a nested package, as npm resolves it', () => {
    const lock = {
      packages: {
        'node_modules/a/node_modules/rollup': { optionalDependencies: { '@rollup/rollup-win32-x64-msvc': '4.67.4' } },
        'node_modules/@rollup/rollup-win32-x64-msvc': {},
      },
    };
    expect(missingOptionalDependencies(lock)).toEqual([]);
  });

  it('accepts the repository lockfile', async () => {
    const { readFileSync } = await import('node:fs');
    expect(missingOptionalDependencies(JSON.parse(readFileSync('package-lock.json', 'utf8')) as Lockfile)).toEqual([]);
  });
});
