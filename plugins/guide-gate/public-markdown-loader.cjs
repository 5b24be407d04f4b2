// Runs before the MDX loader on docs/guides files: the route module gets headings only.
const { ARTICLE_QUERY, publicMarkdown } = require('./articleSplit.cjs');

module.exports = function publicMarkdownLoader(source) {
  return this.resourceQuery === ARTICLE_QUERY ? source : publicMarkdown(String(source));
};
