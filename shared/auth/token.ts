// Reads an id token's claims, deliberately without a signature check: the browser's gate is
// presentation, and whatever must be protected is checked by a server with the provider's keys.
// The pre-paint head script (plugins/guide-gate/headScript.ts) repeats this rule in ES5 from these
// constants; the unit tests run both on the same tokens.
// Why: maintainers/decisions/2026-11-27-gate-sessions.md

/**
 * Longest id token accepted, in characters. Auth0 id tokens are 1–3 KB; the cap keeps a
 * planted multi-megabyte value from costing a second of decoding on every page.
 */
export const MAX_ID_TOKEN_LENGTH = 16_384;

/** A token is still accepted this long after its `exp`, for a reader whose clock runs ahead. */
export const CLOCK_SKEW_SECONDS = 60;

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

/**
 * The payload of a compact JWS, or null when the token is too long, is not one, or lacks
 * `exp`/`aud`.
 */
export function decodeIdToken(token: string | null | undefined): IdTokenClaims | null {
  if (!token || token.length > MAX_ID_TOKEN_LENGTH) return null;
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

/** When the token stops being accepted, in ms since the epoch (its `exp` plus the skew). */
export function acceptedUntilMs(claims: IdTokenClaims): number {
  return (claims.exp + CLOCK_SKEW_SECONDS) * 1000;
}

/** True until `exp` (seconds since the epoch) plus the clock skew has passed. */
export function isUnexpired(claims: IdTokenClaims, nowMs: number): boolean {
  return acceptedUntilMs(claims) > nowMs;
}

export function audienceIncludes(claims: IdTokenClaims, clientId: string): boolean {
  return Array.isArray(claims.aud) ? claims.aud.includes(clientId) : claims.aud === clientId;
}

/**
 * The one validity rule of a stored id token: readable, issued to this site's client id and not
 * expired. Without a client id (login not configured) no token is valid.
 */
export function isAcceptedToken(claims: IdTokenClaims | null, clientId: string | null, nowMs: number): boolean {
  return claims !== null && clientId !== null && audienceIncludes(claims, clientId) && isUnexpired(claims, nowMs);
}
