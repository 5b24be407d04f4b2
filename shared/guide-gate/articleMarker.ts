// The element that holds a guide's article (src/guide-gate/GuideArticle). The gate (server/guide-gate/shell.ts)
// cuts the article out of a guide page at this element for a reader without a session; a
// custom tag name no Markdown produces, so its closing tag is unambiguous.
export const ARTICLE_TAG = 'veriq-guide-article';
