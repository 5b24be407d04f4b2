// Reads an id token's claims. There is deliberately no signature check: the token arrives from
// the provider over TLS on the callback, and the /guides gate is a reading convenience in the
// browser, not a protection (the guide HTML is public), so verifying here would add code and no
// security. Anything that must be protected is checked by a server with the provider's keys.

export interface IdTokenClaims {
  exp: number;
  aud: string | string[];
  nonce?: string;
  [claim: string]: unknown;
}

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The payload of a compact JWS, or null when the token is not one or lacks `exp`/`aud`. */
export function decodeIdToken(token: string | null | undefined): IdTokenClaims | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !/^[A-Za-z0-9_-]+$/.test(parts[1])) return null;
  try {
    const payload: unknown = JSON.parse(base64UrlDecode(parts[1]));
    if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return null;
    const claims = payload as Record<string, unknown>;
    const audOk =
      typeof claims.aud === 'string' || (Array.isArray(claims.aud) && claims.aud.every((a) => typeof a === 'string'));
    if (typeof claims.exp !== 'number' || !Number.isFinite(claims.exp) || !audOk) return null;
    return claims as IdTokenClaims;
  } catch {
    return null;
  }
}

/** True while the token's `exp` (seconds since the epoch) is in the future. */
export function isUnexpired(claims: IdTokenClaims, nowMs: number): boolean {
  return claims.exp * 1000 > nowMs;
}

export function audienceIncludes(claims: IdTokenClaims, clientId: string): boolean {
  return Array.isArray(claims.aud) ? claims.aud.includes(clientId) : claims.aud === clientId;
}
