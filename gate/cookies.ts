// The session cookie. On https it is `__Host-` prefixed, Secure, HttpOnly, SameSite=Lax, Path=/.
// Browsers refuse Secure cookies over plain http, so on a loopback origin (serve:prod, the e2e
// servers) the cookie drops the prefix and Secure; any other plain-http origin gets no session.

export const SECURE_COOKIE = '__Host-veriq_session';
export const LOOPBACK_COOKIE = 'veriq_session';

export type CookieMode = { name: string; secure: boolean } | null;

function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/** Which cookie this origin uses, or null when it may not hold a session (plain http, not loopback). */
export function cookieMode(url: URL): CookieMode {
  if (url.protocol === 'https:') return { name: SECURE_COOKIE, secure: true };
  if (url.protocol === 'http:' && isLoopback(url.hostname)) return { name: LOOPBACK_COOKIE, secure: false };
  return null;
}

export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}

export function sessionCookie(mode: { name: string; secure: boolean }, value: string, maxAgeSeconds: number): string {
  return [
    `${mode.name}=${value}`,
    'Path=/',
    `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(mode.secure ? ['Secure'] : []),
  ].join('; ');
}

export function clearedCookie(mode: { name: string; secure: boolean }): string {
  return sessionCookie(mode, '', 0);
}
