// The bench's ceiling: the same built site with every script taken out of its pages, so the
// browser shows the server HTML and CSS and nothing else. What separates the site's scores from
// this copy's is what its JavaScript costs a reader. Everything but the removed elements is kept
// byte for byte (the parser only locates them), so the copy's HTML is the site's.
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Parser } from 'htmlparser2';
import { listFiles } from '../lib/listFiles';

/** A `<link>` that only exists to fetch a script early. */
function preloadsScript(attributes: Record<string, string>): boolean {
  const rel = (attributes.rel ?? '').toLowerCase().split(/\s+/);
  return rel.includes('modulepreload') || ((rel.includes('preload') || rel.includes('prefetch')) && attributes.as === 'script');
}

/** `html` without its `<script>` elements and its script preloads; everything else untouched. */
export function stripScripts(html: string): string {
  const cuts: [number, number][] = [];
  let scriptStart = -1;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'script') scriptStart = parser.startIndex;
        else if (name === 'link' && preloadsScript(attributes)) cuts.push([parser.startIndex, parser.endIndex + 1]);
      },
      onclosetag(name) {
        if (name === 'script' && scriptStart >= 0) {
          cuts.push([scriptStart, parser.endIndex + 1]);
          scriptStart = -1;
        }
      },
    },
    { decodeEntities: false },
  );
  parser.end(html);
  let out = '';
  let at = 0;
  for (const [start, end] of cuts.sort((a, b) => a[0] - b[0])) {
    out += html.slice(at, start);
    at = end;
  }
  return out + html.slice(at);
}

/** Copies the build in `source` to `target` with every page's scripts removed; returns `target`. */
export function writeScriptFreeCopy(source: string, target: string): string {
  rmSync(target, { recursive: true, force: true });
  cpSync(source, target, { recursive: true });
  for (const file of listFiles(target, /\.html$/)) {
    writeFileSync(file, stripScripts(readFileSync(file, 'utf8')));
  }
  return target;
}
