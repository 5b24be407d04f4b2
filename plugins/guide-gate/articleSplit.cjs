// Helpers of the guide-article split (see index.ts). CommonJS because the bundler loads loaders
// without a TypeScript hook; the unit tests import these functions directly. Their types are in
// articleSplit.d.cts. Why: maintainers/decisions/2026-11-27-guide-article-split.md
const { createHash } = require('node:crypto');
const { readFile } = require('node:fs/promises');

/** The query of the request that compiles a guide's whole article. */
const ARTICLE_QUERY = '?article';

/** How long the loader waits for the split file to catch up with a guide just edited (`npm start`). */
const SPLIT_WAIT_MS = 20_000;
const SPLIT_POLL_MS = 100;

/**
 * The key of a guide's source in the split file (plugins/docs-content's sourceHash).
 * @param {string} text
 * @returns {string}
 */
function sourceHash(text) {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * The public Markdown of the guide whose source the loader holds, from the split file the plugin
 * writes in allContentLoaded. In `npm start` a source the file does not know yet is waited for
 * (an edited guide may compile before the docs reload); one it never learns fails the build.
 */
async function findPublicMarkdown(splitFile, source, resourcePath, waitMs = SPLIT_WAIT_MS) {
  const key = sourceHash(source);
  const deadline = Date.now() + waitMs;
  for (;;) {
    const split = await readFile(splitFile, 'utf8').then(JSON.parse, () => ({}));
    if (typeof split[key] === 'string') return split[key];
    if (Date.now() >= deadline) {
      throw new Error(
        `${resourcePath}: ${splitFile} has no public Markdown for this file; every Markdown file under docs/guides must be a doc the docs plugin loads.`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, SPLIT_POLL_MS));
  }
}

/**
 * Code appended to a guide's public route module: it loads the article chunk with the route
 * module (top-level await), so preload, progress bar and anchor scrolling wait for it; a 401 is
 * caught. With the gate enforced, a browser with no stored id token does not ask at all.
 */
function articleLoaderCode(resourcePath, options) {
  const request = JSON.stringify(resourcePath + ARTICLE_QUERY);
  const wanted = options.gated
    ? `typeof window === 'undefined' || (() => { try { return window.localStorage.getItem(${JSON.stringify(options.idTokenKey)}) !== null; } catch { return false; } })()`
    : 'true';
  return `
export const __guideArticle = {
  load: () => import(${request}),
  module: null,
};
try {
  if (${wanted}) __guideArticle.module = await __guideArticle.load();
} catch {
  __guideArticle.module = null;
}
`;
}

/**
 * Drops the description (guide prose: the first paragraph or the front matter's) from a guide
 * doc's metadata JSON; other docs' metadata comes back unchanged.
 */
function dropGuideDescription(json) {
  const data = JSON.parse(json);
  if (!data || typeof data.source !== 'string' || !data.source.startsWith('@site/docs/guides/')) return json;
  delete data.description;
  if (data.frontMatter && typeof data.frontMatter === 'object') delete data.frontMatter.description;
  return JSON.stringify(data);
}

/**
 * Whether a bundler module identifier (its loaders and resource, for a concatenated module the
 * root's followed by `|`) is a guide article's, the request articleLoaderCode makes.
 */
function isArticleModule(identifier) {
  return /\.mdx?\?article(?:\||$)/.test(identifier);
}

module.exports = {
  ARTICLE_QUERY,
  sourceHash,
  findPublicMarkdown,
  articleLoaderCode,
  dropGuideDescription,
  isArticleModule,
};
