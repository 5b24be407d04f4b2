/**
 * Only a same-origin path may be a post-login destination: `/guides/x?y#z` is kept, while
 * `//evil.example`, `/\evil.example`, `https://...` and `javascript:` all fall back to `/`.
 * redirect_after_login lives in localStorage, which any script on the origin (or a curious
 * reader) can edit, so it is treated as untrusted input.
 */
export function safeRedirectPath(raw: string | null | undefined): string {
  if (!raw || raw.length > 2048) return '/';
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/';
  if (/\p{Cc}/u.test(raw)) return '/';
  try {
    const parsed = new URL(raw, 'https://same-origin.invalid');
    if (parsed.origin !== 'https://same-origin.invalid') return '/';
    return parsed.pathname + parsed.search + parsed.hash;
  } catch {
    return '/';
  }
}

/** The path a reader is on, as stored in redirect_after_login. */
export function currentPath(location: Pick<Location, 'pathname' | 'search' | 'hash'>): string {
  return location.pathname + location.search + location.hash;
}
