// The MCP server's resource-server side of OAuth (MCP authorization, RFC 9728, RFC 6750): who
// may read the guides through it. A request without an Authorization header is a signed-out
// reader. A bearer token must be an access token from the site's identity provider issued for
// this resource: RS256 against the provider's JWKS, issuer, audience (the MCP resource, so an id
// token, whose audience is the site's client id, is refused) and expiry, checked with jose. Any
// other token is answered 401 with the challenge that names the metadata, as the specification
// asks, so the client signs in again; it never reaches a tool.
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import {
  bearerAuthChallengeResponse,
  OAuthError,
  OAuthErrorCode,
  verifyBearerToken,
  type AuthInfo,
} from '@modelcontextprotocol/server';
import { CLOCK_TOLERANCE_SECONDS, MAX_TOKEN_BYTES } from '../token.ts';
import { MCP_PATH, PROTECTED_RESOURCE_PATH } from './routes.ts';

export interface AccessTokenVerifier {
  /** The provider's issuer, e.g. `https://tenant.eu.auth0.com/`. */
  issuer: string;
  /** The audience access tokens must carry (MCP_AUDIENCE; by default `<site>/mcp`). */
  audience: string;
  keys: JWTVerifyGetKey;
}

/** Auth0's issuer is its origin with a trailing slash; its keys are at /.well-known/jwks.json. */
export function accessTokenVerifier(domainOrigin: string, audience: string): AccessTokenVerifier {
  return {
    issuer: new URL('/', domainOrigin).href,
    audience,
    keys: createRemoteJWKSet(new URL('/.well-known/jwks.json', domainOrigin), {
      cooldownDuration: 30_000,
      cacheMaxAge: 10 * 60_000,
      timeoutDuration: 5_000,
    }),
  };
}

/** The URL of the path-aware metadata document for the endpoint at `origin`. */
export function resourceMetadataUrl(origin: string): string {
  return `${origin}${PROTECTED_RESOURCE_PATH}${MCP_PATH}`;
}

function invalid(description: string): OAuthError {
  return new OAuthError(OAuthErrorCode.InvalidToken, description);
}

/** The caller's verified token, null for a caller without one, or the 401 to answer. */
export async function authenticate(
  request: Request,
  verifier: AccessTokenVerifier,
  nowMs: number,
): Promise<AuthInfo | null | Response> {
  const header = request.headers.get('Authorization');
  if (header === null) return null;
  const metadata = resourceMetadataUrl(new URL(request.url).origin);
  try {
    return await verifyBearerToken(header, {
      resourceMetadataUrl: metadata,
      verifier: {
        async verifyAccessToken(token: string): Promise<AuthInfo> {
          if (token.length > MAX_TOKEN_BYTES * 2) throw invalid('The access token is too large.');
          try {
            const { payload } = await jwtVerify(token, verifier.keys, {
              issuer: verifier.issuer,
              audience: verifier.audience,
              algorithms: ['RS256'],
              clockTolerance: CLOCK_TOLERANCE_SECONDS,
              currentDate: new Date(nowMs),
              requiredClaims: ['exp', 'sub'],
            });
            const clientId =
              typeof payload.azp === 'string'
                ? payload.azp
                : typeof payload.client_id === 'string'
                  ? payload.client_id
                  : '';
            const scope = typeof payload.scope === 'string' ? payload.scope : '';
            return {
              token,
              clientId,
              scopes: scope.split(' ').filter(Boolean),
              expiresAt: payload.exp,
              resource: new URL(verifier.audience),
            };
          } catch (error) {
            const code = (error as { code?: string }).code ?? 'ERR_JWT_INVALID';
            throw invalid(`The access token is not valid for this server (${code}): sign in again.`);
          }
        },
      },
    });
  } catch (error) {
    const response = bearerAuthChallengeResponse(error, { resourceMetadataUrl: metadata });
    return response;
  }
}
