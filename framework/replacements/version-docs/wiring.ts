import { docsUseDocCards, sidebarsUseDocCards, siteDocsVersions, VERSION_METADATA_FILE } from '../../docsVersions';
import { defineReplacement, type Fragment } from '../replacement';
import { SIDEBAR_STORE, sidebarChunksOf } from '../sidebar-chunks/wiring';
import path from 'node:path';

const LOADER = require.resolve('./drop-version-docs-loader.cjs');

/**
 * The version metadata's loader, which drops the per-doc entries and, when the sidebar-chunks
 * replacement wrote this build's chunks, leaves each sidebar to a JavaScript module of its own.
 */
function metadataRule(dropDocs: boolean, sidebarChunks: string | null): Fragment {
  const split = sidebarChunks !== null;
  return {
    rules: [
      {
        test: VERSION_METADATA_FILE,
        use: [{ loader: LOADER, options: { dropDocs, ...(split ? { sidebarStore: SIDEBAR_STORE } : {}) } }],
        ...(split ? { type: 'javascript/auto' } : {}),
      },
    ],
  };
}

export default defineReplacement({
  name: 'version-docs',
  upstream: {
    package: '@docusaurus/plugin-content-docs',
    file: "the version metadata's docs and sidebar items' docId (p/<version>.json)",
    version: '3.10.2',
  },
  // The version dropdown and banner read the docs lists; doc cards read each doc's entry.
  stepsAside: ({ siteDir, sidebars }) =>
    siteDocsVersions(siteDir).versioned || sidebarsUseDocCards(sidebars) || docsUseDocCards(path.join(siteDir, 'docs')),
  webpack: (context) => metadataRule(true, sidebarChunksOf(context)),
  // Left to the framework, the metadata still goes through the loader for the sidebar split.
  whenUpstream: (context) => {
    const sidebarChunks = sidebarChunksOf(context);
    return sidebarChunks === null ? {} : metadataRule(false, sidebarChunks);
  },
});
