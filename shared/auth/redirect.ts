// The one guard for every path the site navigates to from stored or URL-borne input: the
// post-login destination (redirect_after_login) and the page the access modal returns to.
// Both live in Web Storage, which any script on the origin (or a curious reader) can edit, so
// they are untrusted input.

// A base whose origin no real path can carry; a value that resolves elsewhere is refused.
const BASE = 'https://same-origin.invalid';
const MAX_LENGTH = 2048;
// Bounds the decode loop: a path still changing after this many passes is refused.
const MAX_DECODE_PASSES = 4;

/**
 * The same-origin path a raw value resolves to, or null: resolved and decoded as the browser and
 * router will, until it no longer changes, so `/%5Cevil.com`, `/.//evil.com` or `/%2e//evil.com`
 * come out as `/evil.com`, a page of this site, never as the protocol-relative `//evil.com`.
 */
export function sameOriginPath(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_LENGTH) return null;
  if (!raw.startsWith('/') || /\p{Cc}/u.test(raw)) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw, BASE);
  } catch {
    return null;
  }
  if (parsed.origin !== BASE) return null;
  let path = parsed.pathname;
  for (let pass = 0; ; pass++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return null;
    }
    if (/\p{Cc}/u.test(decoded)) return null;
    // The pathname setter applies the URL parser's rules: `\` is `/`, dot segments resolve.
    const resolver = new URL(BASE);
    resolver.pathname = decoded;
    const next = resolver.pathname.replace(/\/{2,}/g, '/');
    if (next === path) break;
    if (pass === MAX_DECODE_PASSES) return null;
    path = next;
  }
  return path + parsed.search + parsed.hash;
}

/** A post-login destination: the same-origin path, or the home page. */
export function safeRedirectPath(raw: string | null | undefined): string {
  return sameOriginPath(raw) ?? '/';
}

/**
 * The last check before navigating: `path` resolved against the page's origin must stay on it.
 * Returns the path to hand to the router, or `/`.
 */
export function navigationTarget(path: string, origin: string): string {
  const safe = sameOriginPath(path);
  if (safe === null) return '/';
  try {
    const resolved = new URL(safe, origin);
    return resolved.origin === origin ? resolved.pathname + resolved.search + resolved.hash : '/';
  } catch {
    return '/';
  }
}

/** The path a reader is on, as stored in redirect_after_login. */
export function currentPath(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  return location.pathname + location.search + location.hash;
}
