// Content negotiation for a page URL: Markdown when the Accept header ranks text/markdown above
// text/html (an explicit text/markdown, with a higher or equal q than HTML and wildcards). A
// browser's Accept never names text/markdown, so readers always get the page.

interface Range {
  type: string;
  q: number;
}

function parseAccept(header: string): Range[] {
  return header.split(',').flatMap((part) => {
    const [type, ...params] = part.trim().toLowerCase().split(';');
    if (!type) return [];
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    return Number.isFinite(q) ? [{ type: type.trim(), q }] : [];
  });
}

export function prefersMarkdown(accept: string | null): boolean {
  if (!accept) return false;
  const ranges = parseAccept(accept);
  const q = (type: string) => ranges.find((r) => r.type === type)?.q;
  const markdown = q('text/markdown') ?? q('text/x-markdown');
  if (markdown === undefined || markdown <= 0) return false;
  const html = q('text/html') ?? q('application/xhtml+xml') ?? q('text/*') ?? q('*/*') ?? 0;
  return markdown >= html;
}
