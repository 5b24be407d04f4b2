// Verifies an id token for real: RS256 signature against the provider's published keys, then
// issuer, audience and expiry (jose does all of it; keys are fetched once, cached, and fetched
// again when a token names a key id the cache does not hold, which is how rotation shows up).
import { createRemoteJWKSet, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';

/** Larger tokens are refused before any parsing; the session cookie must fit in 4 KB. */
export const MAX_TOKEN_BYTES = 3800;
/** Allowed clock difference between the provider and this server, in seconds. */
export const CLOCK_TOLERANCE_SECONDS = 60;

export interface Verifier {
  issuer: string;
  audience: string;
  keys: JWTVerifyGetKey;
}

/**
 * Auth0's issuer is its origin with a trailing slash; its keys are at /.well-known/jwks.json. The
 * audience is the site's client id for id tokens, the MCP resource for access tokens.
 */
export function providerVerifier(domainOrigin: string, audience: string): Verifier {
  const issuer = new URL('/', domainOrigin).href;
  return {
    issuer,
    audience,
    keys: createRemoteJWKSet(new URL('/.well-known/jwks.json', domainOrigin), {
      cooldownDuration: 30_000,
      cacheMaxAge: 10 * 60_000,
      timeoutDuration: 5_000,
    }),
  };
}

export type ProviderJwt = { ok: true; payload: JWTPayload } | { ok: false; code: string };

/**
 * A token from the provider, checked as every token of it is (RS256 against its key set, issuer,
 * audience, expiry and issue time with the clock tolerance, the claims it must carry); jose's error
 * code when it fails. Never throws. Id tokens (below) and the MCP server's access tokens (server/mcp/auth.ts).
 */
export async function verifyProviderJwt(
  token: string,
  verifier: Verifier,
  nowMs: number,
  requiredClaims: string[],
): Promise<ProviderJwt> {
  try {
    const { payload } = await jwtVerify(token, verifier.keys, {
      issuer: verifier.issuer,
      audience: verifier.audience,
      algorithms: ['RS256'],
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
      currentDate: new Date(nowMs),
      requiredClaims,
    });
    // jose checks `iat` only with maxTokenAge; a token issued in the future is refused here.
    if (typeof payload.iat === 'number' && payload.iat > nowMs / 1000 + CLOCK_TOLERANCE_SECONDS) {
      return { ok: false, code: 'ERR_JWT_CLAIM_VALIDATION_FAILED' };
    }
    return { ok: true, payload };
  } catch (error) {
    return { ok: false, code: (error as { code?: string }).code ?? 'ERR_JWT_INVALID' };
  }
}

export type Verified =
  { ok: true; claims: JWTPayload & { exp: number } } | { ok: false; reason: string; nonceMismatch?: true };

/** The claims of a valid token, or why it is not one. Never throws. */
export async function verifyIdToken(
  token: string,
  verifier: Verifier,
  nowMs: number,
  expectedNonce?: string,
): Promise<Verified> {
  if (token.length > MAX_TOKEN_BYTES) return { ok: false, reason: 'The id token is too large.' };
  const verified = await verifyProviderJwt(token, verifier, nowMs, ['exp', 'iat', 'sub']);
  if (!verified.ok) return { ok: false, reason: `The id token is not valid (${verified.code}).` };
  const payload = verified.payload;
  if (expectedNonce !== undefined && payload.nonce !== expectedNonce) {
    return {
      ok: false,
      reason: 'The id token was not issued for this sign-in (nonce mismatch).',
      nonceMismatch: true,
    };
  }
  return { ok: true, claims: payload as JWTPayload & { exp: number } };
}
