// V8's explicit compile hint on the entry chunks (runtime and main.js).
//
// V8 compiles a function the first time it is called, on the main thread. Every function of
// main.js (React DOM, the router, the theme's layout) is called while the page hydrates, so
// hydration also compiled them one by one: on the release notes, a trace of Chromium 156 without
// throttling counted 127–275 ms of main-thread compilation between the first paint and the end of
// hydration, a share of every long task of that stretch. A file that starts with the comment
// `//# allFunctionsCalledOnLoad` (Chrome 136 and later) has all its functions compiled while it
// streams, on a background thread; the same trace then counted 40–48 ms. Browsers without the
// hint read a comment. Only the entry chunks carry it: a page's other chunks are partly called
// (the search modal, Mermaid), and eager compilation of code never run would only cost memory.
//
// The comment goes in after minification, which would strip it, and before the content hash,
// which then covers it.
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
