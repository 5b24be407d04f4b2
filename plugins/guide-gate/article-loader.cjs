// Runs after the MDX and JS loaders on docs/guides files: the route module loads its article.
const { ARTICLE_QUERY, articleLoaderCode } = require('./articleSplit.cjs');

module.exports = function articleLoader(source) {
  if (this.resourceQuery === ARTICLE_QUERY) return source;
  return String(source) + articleLoaderCode(this.resourcePath, this.getOptions());
};
