import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { unmetPeerDependencies, type PeerLockfile } from '../../tools/lockfile/peers';

describe('peer dependencies of the locked tree', () => {
  it('are all met, so npm ci prints no ERESOLVE warning', () => {
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as PeerLockfile;
    expect(unmetPeerDependencies(lock)).toEqual([]);
  });

  // The conflict package.json's overrides resolve: @docusaurus/eslint-plugin's own
  // @typescript-eslint/utils 5 asked for ESLint 8 while the project runs ESLint 9.
  const tree = (utils: string, peer: string): PeerLockfile => ({
    packages: {
      '': {},
      'node_modules/eslint': { version: '9.39.5' },
      'node_modules/@docusaurus/eslint-plugin': { version: '3.10.2' },
      [`node_modules/@docusaurus/eslint-plugin/node_modules/@typescript-eslint/utils`]: {
        version: utils,
        peerDependencies: { eslint: peer },
      },
    },
  });

  it('finds a peer resolved from a parent folder outside its range', () => {
    expect(unmetPeerDependencies(tree('5.62.0', '^6.0.0 || ^7.0.0 || ^8.0.0'))).toEqual([
      'node_modules/@docusaurus/eslint-plugin/node_modules/@typescript-eslint/utils needs eslint@^6.0.0 || ^7.0.0 || ^8.0.0, but eslint@9.39.5 is installed',
    ]);
    expect(unmetPeerDependencies(tree('8.73.0', '^8.57.0 || ^9.0.0'))).toEqual([]);
  });

  it('takes the nearest copy, and lets an optional peer be absent', () => {
    const lock: PeerLockfile = {
      packages: {
        'node_modules/a': {
          version: '1.0.0',
          peerDependencies: { p: '^2', q: '^1' },
          peerDependenciesMeta: { q: { optional: true } },
        },
        'node_modules/a/node_modules/p': { version: '2.1.0' },
        'node_modules/p': { version: '1.0.0' },
        'node_modules/b': { version: '1.0.0', peerDependencies: { missing: '^1' } },
      },
    };
    expect(unmetPeerDependencies(lock)).toEqual(['node_modules/b needs missing@^1: not installed']);
  });
});
