// How the gate reads a request path: decoded exactly once and judged, then handed to the file
// server re-encoded (`encodePath`), so the file sent is the file judged. A path that a second
// decoding would change, or that holds `?`, `#`, `;` or a control character, is refused: a host
// could read it differently. Matching is case-insensitive, which can only gate more.
// Why: maintainers/decisions/2026-11-27-gate-path-decoding.md

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
  /** Undecodable or ambiguous spellings (see above): 400, never passed to the host. */
  | { kind: 'refused' }
  | { kind: 'public' };

// After one decoding: an escape a second decoding would read, the characters a host may split a
// path on, and control characters (NUL included).
// eslint-disable-next-line no-control-regex
const AMBIGUOUS = /%[0-9a-f]{2}|[?#;\u0000-\u001f\u007f]/i;

/** The decoded, normalised path, or null when it cannot be decoded or is ambiguous (see above). */
export function normalisePath(rawPathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rawPathname);
  } catch {
    return null;
  }
  if (AMBIGUOUS.test(decoded)) return null;
  const out: string[] = [];
  for (const segment of decoded.replace(/\\/g, '/').split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') out.pop();
    else out.push(segment);
  }
  return '/' + out.join('/');
}

/**
 * A normalised path spelled for a host that decodes once: percent-encoded with encodeURI, whose
 * output decodeURI (sirv's decoding) and decodeURIComponent (a CDN's) both read back as exactly
 * the path the gate judged, since normalised paths hold no `%`, `?`, `#` or `;`.
 */
export function encodePath(normalised: string): string {
  return encodeURI(normalised);
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
  if (normalised === null) return { kind: 'refused' };
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

/**
 * The Content-Type the host serves a file of this path with (sirv's and Netlify's types for the
 * build's extensions, UTF-8), for the responses the gate writes in the file's place.
 */
export function contentTypeOf(normalised: string): string {
  const ext = /\.([a-z0-9]+)$/i.exec(normalised)?.[1]?.toLowerCase();
  switch (ext) {
    case 'md':
      return 'text/markdown; charset=utf-8';
    case 'json':
      return 'application/json; charset=utf-8';
    case 'js':
    case 'mjs':
      return 'text/javascript; charset=utf-8';
    case 'xml':
      return 'text/xml; charset=utf-8';
    case 'txt':
      return 'text/plain; charset=utf-8';
    default:
      return ext === undefined || ext === 'html' ? 'text/html; charset=utf-8' : 'text/plain; charset=utf-8';
  }
}
