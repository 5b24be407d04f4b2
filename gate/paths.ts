// How the gate reads a request path. Every rule is matched on the path the host will actually
// serve: percent-decoded once (as the host does before looking up a file), with `\` read as `/`,
// repeated slashes collapsed, `.`/`..` segments resolved, `.html` and `/index.html` dropped and
// lower-cased (a case-insensitive match can only gate more, never less).

export const GUIDES_PREFIX = '/guides';
export const GUIDE_ASSETS_PREFIX = '/assets/guides/';
/** The build writes the gate's manifest here; it is never served. */
export const GATE_DIR = '/.gate/';

export type PathClass =
  /** /guides or a page under it: HTML gets the page shell. */
  | { kind: 'guide-page' }
  /** A non-HTML file under /guides (Markdown twins, feeds): 401 without a session. */
  | { kind: 'guide-file' }
  /** A build asset that carries guide text (search files, the article chunks): 401. */
  | { kind: 'guide-asset' }
  /** The gate's own files and `_headers`: never served. */
  | { kind: 'hidden' }
  | { kind: 'public' };

/** The decoded, normalised path, or null when it cannot be decoded (the host answers 400/404). */
export function normalisePath(rawPathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const out: string[] = [];
  for (const segment of decoded.replace(/\\/g, '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') out.pop();
    else out.push(segment);
  }
  return '/' + out.join('/');
}

/** The normalised path with the host's page spellings (`x.html`, `x/index.html`) reduced to `x`. */
export function pagePath(normalised: string): string {
  const lower = normalised.toLowerCase();
  const stripped = lower.replace(/\/index\.html$/, '').replace(/\.html$/, '');
  return stripped === '' ? '/' : stripped;
}

function hasExtension(path: string): boolean {
  return /\.[a-z0-9]+$/.test(path.slice(path.lastIndexOf('/') + 1));
}

/**
 * Classifies a request path. `guideChunks` are the lower-cased paths of the JS chunks built from
 * docs/guides (the build lists them in the gate manifest).
 */
export function classifyPath(rawPathname: string, guideChunks: ReadonlySet<string>): PathClass {
  const normalised = normalisePath(rawPathname);
  // An undecodable path is gated: the host cannot serve a file for it anyway.
  if (normalised === null) return { kind: 'guide-file' };
  const lower = normalised.toLowerCase();
  if (lower.startsWith(GATE_DIR) || lower === GATE_DIR.slice(0, -1) || lower.split('/').includes('_headers')) {
    return { kind: 'hidden' };
  }
  if (lower.startsWith(GUIDE_ASSETS_PREFIX) || lower === GUIDE_ASSETS_PREFIX.slice(0, -1)) {
    return { kind: 'guide-asset' };
  }
  if (guideChunks.has(lower)) return { kind: 'guide-asset' };
  const page = pagePath(normalised);
  if (page === GUIDES_PREFIX || page.startsWith(GUIDES_PREFIX + '/')) {
    return hasExtension(page) ? { kind: 'guide-file' } : { kind: 'guide-page' };
  }
  return { kind: 'public' };
}
