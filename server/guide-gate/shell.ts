// The page shell: a guide's pre-rendered HTML with the article taken out. The docs layout,
// navbar, sidebar, title and table of contents stay (titles and headings are not secret); the
// client renders the access modal over it. The article sits in one <veriq-guide-article>
// element (src/theme/DocItem wraps it), a tag name nothing else uses, so its end is unambiguous.

export const ARTICLE_TAG = 'veriq-guide-article';

const DESCRIPTION_META = /<meta(?=[\s/])(?:\s+[^\s=>/]+(?:=(?:"[^"]*"|'[^']*'|[^\s>]+))?)*\s*\/?>/gi;
const NAMES_DESCRIPTION = /\s(?:name|property)=["']?(?:description|og:description|twitter:description)["'\s/>]/i;

/** The shell, or null when the page has no article marker (the caller must then refuse it). */
export function toShell(html: string): string | null {
  const open = html.indexOf(`<${ARTICLE_TAG}`);
  if (open < 0) return null;
  const openEnd = html.indexOf('>', open);
  const close = html.indexOf(`</${ARTICLE_TAG}>`, openEnd);
  if (openEnd < 0 || close < 0 || html.indexOf(`<${ARTICLE_TAG}`, close) >= 0) return null;
  // A page description is taken from the article's first paragraph; metas live in <head>.
  const headEnd = Math.min(open, html.indexOf('</head>') >= 0 ? html.indexOf('</head>') : open);
  const head = html.slice(0, headEnd).replace(DESCRIPTION_META, (tag) => (NAMES_DESCRIPTION.test(tag) ? '' : tag));
  return head + html.slice(headEnd, openEnd + 1) + html.slice(close);
}
