// The `pure-packages` rule (./wiring.ts) is only safe while importing react-is or
// hoist-non-react-statics has no effect beyond its exports: each is loaded here, in a Node process
// of its own, from where react-router resolves it, and must leave the global object as it was.
// tests/e2e/first-load.spec.ts checks that no script of the built site carries either.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { PURE_PACKAGES } from './wiring';

const require = createRequire(import.meta.url);
const routerEntry = require.resolve('react-router');
const fromRouter = createRequire(routerEntry);

/** Loads `name` as react-router would and reports the globals it added or changed, and its export. */
function loadAlone(name: string): { added: string[]; changed: string[]; exportType: string; exportKeys: number } {
  const script = `
    const load = require('node:module').createRequire(${JSON.stringify(routerEntry)});
    // Descriptors, not values (reading fetch would set up its dispatcher), taken twice: Node
    // defines a few globals the first time their descriptor is read.
    const slot = (key) => { const d = Object.getOwnPropertyDescriptor(globalThis, key); return 'value' in d ? [d.value] : [d.get, d.set]; };
    const snapshot = () => new Map(Reflect.ownKeys(globalThis).map((key) => [key, slot(key)]));
    snapshot();
    const before = snapshot();
    const exported = load(${JSON.stringify(name)});
    const after = Reflect.ownKeys(globalThis);
    process.stdout.write(JSON.stringify({
      added: after.filter((key) => !before.has(key)).map(String),
      changed: after.filter((key) => before.has(key) && slot(key).some((part, i) => !Object.is(part, before.get(key)[i]))).map(String),
      exportType: typeof exported,
      exportKeys: Object.keys(exported).length,
    }));`;
  return JSON.parse(
    execFileSync(process.execPath, ['-e', script], { env: { ...process.env, NODE_ENV: 'production' } }).toString(),
  ) as ReturnType<typeof loadAlone>;
}

describe('pure-packages', () => {
  for (const name of ['react-is', 'hoist-non-react-statics']) {
    it(`${name}, as react-router resolves it, is matched by the rule and changes no global when loaded`, () => {
      expect(fromRouter.resolve(name)).toMatch(PURE_PACKAGES);
      // The rule exists because the package does not say so itself; once it does, the rule is moot.
      expect((fromRouter(`${name}/package.json`) as { sideEffects?: unknown }).sideEffects).toBeUndefined();
      const loaded = loadAlone(name);
      expect(loaded.added).toEqual([]);
      expect(loaded.changed).toEqual([]);
      // It did load: react-is exports its checks, hoist-non-react-statics is a function.
      expect(loaded.exportType === 'function' || loaded.exportKeys > 0).toBe(true);
    });
  }

  it('matches neither React nor the packages that import them', () => {
    for (const name of ['react', 'react-dom', 'react-router', 'prop-types']) {
      expect(fromRouter.resolve(name)).not.toMatch(PURE_PACKAGES);
    }
  });
});
