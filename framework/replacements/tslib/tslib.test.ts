// Differential test of the `tslib` replacement (./tslibImportDefault.js): @docusaurus/utils-common,
// loaded with our one-helper tslib in place of the package, exports the same functions giving the
// same answers as with the real tslib. A helper it needs and ours lacks fails its loading.
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);

describe("utils-common's tslib", () => {
  const index = require.resolve('@docusaurus/utils-common');

  function loadUtilsCommon(tslib: 'real' | 'ours'): Record<string, unknown> {
    const Module = require('node:module') as { _load: (request: string, parent: unknown, isMain: boolean) => unknown };
    const original = Module._load;
    const ours = require('./tslibImportDefault.js') as object;
    for (const key of Object.keys(require.cache)) if (key.includes('utils-common')) delete require.cache[key];
    Module._load = function load(request, parent, isMain) {
      if (request === 'tslib' && tslib === 'ours') return ours;
      return original.call(this, request, parent, isMain);
    };
    try {
      return require(index) as Record<string, unknown>;
    } finally {
      Module._load = original;
    }
  }

  it('exports the same functions, with the same answers', () => {
    const real = loadUtilsCommon('real');
    const ours = loadUtilsCommon('ours');
    expect(Object.keys(ours).sort()).toEqual(Object.keys(real).sort());
    const call = (lib: Record<string, unknown>, name: string, ...args: unknown[]) =>
      (lib[name] as (...a: unknown[]) => unknown)(...args);
    for (const [url, options] of [
      ['/docs/install', { trailingSlash: false, baseUrl: '/' }],
      ['/docs/install/', { trailingSlash: true, baseUrl: '/' }],
      ['/docs/install?q=1#a', { trailingSlash: true, baseUrl: '/docs/' }],
    ] as const) {
      expect(call(ours, 'applyTrailingSlash', url, options)).toBe(call(real, 'applyTrailingSlash', url, options));
    }
    expect(call(ours, 'addTrailingSlash', '/a')).toBe(call(real, 'addTrailingSlash', '/a'));
    expect(call(ours, 'removeTrailingSlash', '/a/')).toBe(call(real, 'removeTrailingSlash', '/a/'));
    expect(call(ours, 'getErrorCausalChain', new Error('x'))).toEqual(
      call(real, 'getErrorCausalChain', new Error('x')),
    );
  });
});
