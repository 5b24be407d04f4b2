// What a replacement's wiring.ts exports: its name, the framework's original it stands in for, and
// the bundler configuration that puts it in place. ../plugin.ts merges every unit's fragment in
// registry order (./registry.ts); no unit needs a line of its own there.
import type { CurrentBundler } from '@docusaurus/types';
import type { Configuration, RuleSetRule } from 'webpack';
import type { ReplacementName } from './registry';

export type Bundler = CurrentBundler['instance'];
export type BundlerPlugin = NonNullable<Configuration['plugins']>[number];

/** One build's bundler configuration, as each unit sees it. */
export interface WiringContext {
  isServer: boolean;
  /** The build readers download: not the server's, not the dev server's. */
  productionBrowser: boolean;
  /** Matches one of core's generated files (`registry.js`, `globalData.json`…) exactly. */
  generated(file: string): RegExp;
  generatedFilesDir: string;
  bundler: Bundler;
  /** Whether a replacement is in force in this build (not left to the framework). */
  active(name: ReplacementName): boolean;
}

/** A unit's share of the bundler configuration. */
export interface Fragment {
  /** resolve.alias entries (`'nprogress$': ours`). */
  alias?: Record<string, string>;
  plugins?: BundlerPlugin[];
  rules?: RuleSetRule[];
  output?: Configuration['output'];
  optimization?: Configuration['optimization'];
  experiments?: Configuration['experiments'];
}

/** The docs site as the single-version trims see it (../docsVersions.ts). */
export interface Site {
  siteDir: string;
  sidebars: unknown;
}

export interface Replacement<Name extends string = string> {
  /** The folder's name, and what VERIQ_FRAMEWORK_UPSTREAM takes to leave it to the framework. */
  name: Name;
  /** The framework's original; `version` is the Docusaurus release the differential test passed on. */
  upstream: { package: string; file: string; version: '3.10.2' };
  /** Names of the replacements this one works through: left to the framework with any of them. */
  needs?: readonly string[];
  /** True when the site makes this replacement wrong (a second docs version…): then it is left out. */
  stepsAside?(site: Site): boolean;
  /** The bundler configuration while the replacement is in force. */
  webpack?(context: WiringContext): Fragment;
  /** The bundler configuration while the framework's original is in place, if it needs any. */
  whenUpstream?(context: WiringContext): Fragment;
  /** Runs after the site is built, while the replacement is in force. */
  postBuild?(props: { outDir: string }): Promise<void>;
}

/** Keeps the literal name, from which ./registry.ts derives ReplacementName. */
export const defineReplacement = <const Name extends string>(replacement: Replacement<Name>): Replacement<Name> =>
  replacement;

/** Swaps a framework module for ours, wherever it is imported from. */
export const replaceModule = (context: WiringContext, original: RegExp, ours: string): BundlerPlugin =>
  new context.bundler.NormalModuleReplacementPlugin(original, ours);

/** A rule that runs one loader (without options) over the files `test` matches. */
export const loaderRule = (test: RegExp, loader: string): RuleSetRule => ({ test, use: [{ loader }] });
