// A guide reduced to what its public route module needs (see index.ts): the front matter
// without `description` (guide prose), and the headings, from which the MDX compiler derives the
// title and the table of contents exactly as from the full file. Read from the doc's one parse
// (plugins/docs-content), so every heading the page's table of contents holds is here, wherever
// it sits (an admonition, a list, a quote), and nothing in a code block is taken for one.
import matter from 'gray-matter';
import type { ParsedDoc } from '../docs-content/parse';

export function publicMarkdown(doc: ParsedDoc): string {
  const data = { ...doc.frontMatter };
  delete data.description;
  const lines = [...doc.headings.keys()].map((heading) => {
    const first = heading.children[0]?.position?.start.offset;
    const last = heading.children.at(-1)?.position?.end.offset;
    const text = first === undefined || last === undefined ? '' : doc.markdown.slice(first, last);
    // ATX form whatever the source's (setext, inside a list or quote): one heading per line.
    return `${'#'.repeat(heading.depth)} ${text.replace(/\s*\n\s*/g, ' ')}`.trimEnd();
  });
  const body = lines.length > 0 ? `${lines.join('\n\n')}\n` : '';
  return Object.keys(data).length > 0 ? matter.stringify(body, data) : body;
}
