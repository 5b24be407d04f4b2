// A stand-in for the identity provider's signing keys, for the MCP server's tests and bench: an
// RS256 key pair whose public half is published as a JWKS (to a local verifier, or served over
// HTTP to the MCP function's remote one), and access tokens signed with it or with a second key
// the JWKS does not hold (a forgery). Web-standard, with no extensionless imports: Vitest, tsx
// and Deno all load it.
import { SignJWT, createLocalJWKSet, exportJWK, generateKeyPair, type JWK } from 'jose';
import type { AccessTokenVerifier } from '../../server/mcp/auth.ts';

const KEY_ID = 'k1';

export interface SigningKeys {
  /** The provider's published key set (what /.well-known/jwks.json answers). */
  jwks: { keys: JWK[] };
  /** A verifier for `issuer` and `audience` against `jwks`, without network. */
  verifier: (issuer: string, audience: string) => AccessTokenVerifier;
  /** Signs `claims` as they are (iss, aud, exp… included), with the published key or the other. */
  sign: (claims: Record<string, unknown>, options?: { key?: 'other' }) => Promise<string>;
}

export async function signingKeys(): Promise<SigningKeys> {
  const good = await generateKeyPair('RS256', { extractable: true });
  const other = await generateKeyPair('RS256', { extractable: true });
  const jwks = { keys: [{ ...(await exportJWK(good.publicKey)), kid: KEY_ID, alg: 'RS256', use: 'sig' }] };
  const local = createLocalJWKSet(jwks);
  return {
    jwks,
    verifier: (issuer, audience) => ({ issuer, audience, keys: local }),
    sign: (claims, options = {}) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: KEY_ID })
        .sign(options.key === 'other' ? other.privateKey : good.privateKey),
  };
}

/** An access token's claims as the provider issues them for the MCP resource, valid for an hour. */
export function accessTokenClaims(
  issuer: string,
  audience: string,
  nowS: number,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    iss: issuer,
    aud: audience,
    sub: 'auth0|reader',
    azp: 'mcp-client',
    scope: 'openid',
    iat: nowS - 10,
    exp: nowS + 3600,
    ...extra,
  };
}
