// Runs before the MDX loader on docs/guides files: the route module compiles the guide's public
// Markdown (front matter and headings), which plugins/docs-content derived from the doc's one
// parse and the plugin's allContentLoaded wrote to the split file, keyed by the source's hash.
const { ARTICLE_QUERY, findPublicMarkdown } = require('./articleSplit.cjs');

module.exports = function publicMarkdownLoader(source) {
  if (this.resourceQuery === ARTICLE_QUERY) return source;
  const callback = this.async();
  const { splitFile } = this.getOptions();
  findPublicMarkdown(splitFile, String(source), this.resourcePath).then(
    (markdown) => callback(null, markdown),
    (error) => callback(error),
  );
};
