// Pure helpers of the guide-article split (see index.ts). CommonJS because the bundler loads
// loaders without a TypeScript hook; the unit tests import these functions directly.
const matter = require('gray-matter');

/** The query of the request that compiles a guide's whole article. */
const ARTICLE_QUERY = '?article';

/**
 * A guide's Markdown reduced to what its public route module needs: the front matter (without
 * `description`, which is guide prose) and the ATX headings outside code fences, from which the
 * MDX compiler derives the title and the table of contents exactly as from the full file.
 * @param {string} source
 * @returns {string}
 */
function publicMarkdown(source) {
  const parsed = matter(source);
  const data = { ...parsed.data };
  delete data.description;
  const headings = [];
  let fence = null;
  for (const line of parsed.content.split('\n')) {
    const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (marker) {
      if (fence === null) fence = marker[1];
      else if (marker[1][0] === fence[0] && marker[1].length >= fence.length) fence = null;
      continue;
    }
    if (fence === null && /^\s{0,3}#{1,6}\s/.test(line)) headings.push(line.trim(), '');
  }
  const body = headings.join('\n');
  return Object.keys(data).length > 0 ? matter.stringify(body, data) : body;
}

/**
 * Code appended to a guide's public route module: it loads the article chunk while the route
 * module itself loads (top-level await), so Docusaurus's preload, the progress bar and scrolling
 * to an anchor wait for the article exactly as they waited for the page before. A failed load
 * (401 without a session) is caught, so the route still renders and shows the access modal.
 * When the gate is enforced, a browser with no stored id token (the spec's signed-out state)
 * does not ask for the article at all: the request could only answer 401, and the browser would
 * log it as an error. src/access/GuideArticle loads it once the reader signs in.
 * @param {string} resourcePath
 * @param {{ gated: boolean, idTokenKey: string }} options
 * @returns {string}
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
 * @param {string} json
 * @returns {string}
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
 * @param {string} identifier
 * @returns {boolean}
 */
function isArticleModule(identifier) {
  return /\.mdx?\?article(?:\||$)/.test(identifier);
}

module.exports = { ARTICLE_QUERY, publicMarkdown, articleLoaderCode, dropGuideDescription, isArticleModule };
