// The gate's two cookies: the session (`veriq_session`, a session the gate minted, see
// server/guide-gate/session.ts) and the sign-in binding (`veriq_login`, set when a sign-in starts and cleared
// when it ends). On https they are `__Host-` prefixed, Secure, HttpOnly, SameSite=Lax, Path=/.
// Browsers refuse Secure cookies over plain http, so on a loopback origin (serve:prod, the e2e
// servers) the cookies drop the prefix and Secure; any other plain-http origin gets neither.

export const SECURE_COOKIE = '__Host-veriq_session';
export const LOOPBACK_COOKIE = 'veriq_session';
export const SECURE_LOGIN_COOKIE = '__Host-veriq_login';
export const LOOPBACK_LOGIN_COOKIE = 'veriq_login';

export type CookieMode = { name: string; loginName: string; secure: boolean } | null;

export function isLoopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/** Which cookies this origin uses, or null when it may not hold a session (plain http, not loopback). */
export function cookieMode(url: URL): CookieMode {
  if (url.protocol === 'https:') return { name: SECURE_COOKIE, loginName: SECURE_LOGIN_COOKIE, secure: true };
  if (url.protocol === 'http:' && isLoopback(url.hostname)) {
    return { name: LOOPBACK_COOKIE, loginName: LOOPBACK_LOGIN_COOKIE, secure: false };
  }
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

export function setCookie(name: string, secure: boolean, value: string, maxAgeSeconds: number): string {
  return [
    `${name}=${value}`,
    'Path=/',
    `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

export function clearCookie(name: string, secure: boolean): string {
  return setCookie(name, secure, '', 0);
}
