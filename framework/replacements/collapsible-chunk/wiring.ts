import { defineReplacement } from '../replacement';

/** theme-common's Collapsible and the helper it imports: one chunk for DocRoot's and DocItem's copies. */
export const COLLAPSIBLE_CHUNK = {
  test: /[\\/]@docusaurus[\\/]theme-common[\\/]lib[\\/](components[\\/]Collapsible|utils[\\/]accessibilityUtils)[\\/.]/,
  chunks: 'async' as const,
  minChunks: 2,
  minSize: 0,
  priority: 45,
  reuseExistingChunk: true,
};

export default defineReplacement({
  name: 'collapsible-chunk',
  upstream: {
    package: '@docusaurus/theme-common',
    file: "lib/components/Collapsible (the bundler's split: a copy in two chunks)",
    version: '3.10.2',
  },
  webpack: (context) =>
    context.productionBrowser
      ? { optimization: { splitChunks: { cacheGroups: { collapsible: COLLAPSIBLE_CHUNK } } } }
      : {},
});
