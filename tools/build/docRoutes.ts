// A doc's id and route from its path under docs/ and its front matter, by Docusaurus's rules: the
// id is the folder plus `id` (default: the file name); the route is an absolute `slug`, a relative
// `slug` under the folder, the folder itself for index/README files, else the folder plus the id.
// The e2e route inventory and the PDF books' chapters both read pages this way.
import { posix, sep } from 'node:path';

export interface DocRoute {
  id: string;
  route: string;
  /** Front matter `title`, else null (the page's first heading then names it). */
  title: string | null;
}

export function docRoute(pathUnderDocs: string, frontMatter: Record<string, unknown>): DocRoute {
  const path = pathUnderDocs.split(sep).join('/');
  const dir = posix.dirname(path) === '.' ? '' : posix.dirname(path);
  const name = posix.basename(path).replace(/\.mdx?$/, '');
  const baseId = typeof frontMatter.id === 'string' ? frontMatter.id : name;
  const id = dir ? `${dir}/${baseId}` : baseId;
  const slug = typeof frontMatter.slug === 'string' ? frontMatter.slug : undefined;
  let route: string;
  if (slug?.startsWith('/')) route = slug;
  else if (slug !== undefined) route = posix.join('/', dir, slug);
  else if (/^(index|readme)$/i.test(name)) route = posix.join('/', dir);
  else route = posix.join('/', dir, baseId);
  const title = typeof frontMatter.title === 'string' ? frontMatter.title : null;
  return { id, route: route.length > 1 ? route.replace(/\/$/, '') : route, title };
}
