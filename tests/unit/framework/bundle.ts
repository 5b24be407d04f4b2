// Test helper for the differential tests: bundles a framework module (or ours) with esbuild, with
// the modules it imports from the build's generated files (`@generated/...`) or the theme answered
// by stand-ins, and imports the result. The same inputs go to the upstream module and to ours.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const OUT_DIR = join(process.cwd(), 'node_modules', '.cache', 'framework-differential');
let counter = 0;

export interface BundleOptions {
  /** Module source by import specifier: `@generated/routes`, `@theme/Loading`… */
  virtual?: Record<string, string>;
  /** Specifiers left to the runtime (resolved from the repository's node_modules). */
  external?: string[];
  /** Module source by the end of a resolved file path: stands in for a module a package imports relatively. */
  overrides?: { file: RegExp; source: string }[];
  /** Prepended to the bundle: globals the module expects from the bundler runtime. */
  banner?: string;
}

/** Bundles `entrySource` (an ES module importing what it tests) and imports it. */
export async function bundleAndImport<T>(entrySource: string, options: BundleOptions = {}): Promise<T> {
  const virtual: Record<string, string> = { ...options.virtual, '@test/entry': entrySource };
  const names = Object.keys(virtual).map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const plugin: Plugin = {
    name: 'virtual-modules',
    setup(b) {
      b.onResolve({ filter: new RegExp(`^(${names.join('|')})$`) }, (args) => ({
        path: args.path,
        namespace: 'virtual',
      }));
      b.onLoad({ filter: /.*/, namespace: 'virtual' }, (args) => ({
        contents: virtual[args.path],
        loader: 'tsx',
        resolveDir: process.cwd(),
      }));
      for (const { file, source } of options.overrides ?? []) {
        b.onLoad({ filter: file }, () => ({ contents: source, loader: 'js' }));
      }
    },
  };
  const result = await build({
    entryPoints: ['@test/entry'],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    conditions: ['browser', 'import', 'default'],
    jsx: 'transform',
    loader: { '.js': 'jsx' },
    external: options.external ?? ['react', 'react-dom', 'react/*', 'react-dom/*'],
    banner: options.banner ? { js: options.banner } : undefined,
    plugins: [plugin],
    logLevel: 'silent',
  });
  mkdirSync(OUT_DIR, { recursive: true });
  const file = join(OUT_DIR, `bundle-${process.pid}-${counter++}.mjs`);
  writeFileSync(file, result.outputFiles[0].text);
  return (await import(/* @vite-ignore */ pathToFileURL(file).href)) as T;
}
