// V8's explicit compile hint on the entry chunks (runtime and main.js): Chromium then compiles their
// functions on a background thread while the file streams, not one by one on the main thread as
// hydration calls them (maintainers/decisions/2026-11-27-main-thread-tasks.md). The comment goes in
// after minification, which would strip it, and before the content hash, which then covers it.
import type { CurrentBundler } from '@docusaurus/types';
import type { Configuration } from 'webpack';

type Bundler = CurrentBundler['instance'];
type BundlerPlugin = NonNullable<Configuration['plugins']>[number];

/** The magic comment, first line of a file (https://v8.dev/blog/explicit-compile-hints). */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

export function compileHints(bundler: Bundler): BundlerPlugin {
  return new bundler.BannerPlugin({
    banner: COMPILE_HINT,
    raw: true,
    entryOnly: true,
    test: /\.js$/,
    stage: bundler.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
  });
}
