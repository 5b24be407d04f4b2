// The MCP server's resource-server side of OAuth (RFC 9728, RFC 6750): who may read the guides
// through it. No Authorization header is a signed-out reader; a bearer token must be the provider's
// access token for this resource (the gate's id-token checks with the MCP resource as audience, so
// an id token is refused). Any other token gets 401 with the challenge and never reaches a tool.
// Why: maintainers/decisions/2026-11-27-mcp-function.md
import {
  bearerAuthChallengeResponse,
  OAuthError,
  OAuthErrorCode,
  verifyBearerToken,
  type AuthInfo,
} from '@modelcontextprotocol/server';
import { MAX_TOKEN_BYTES, providerVerifier, verifyProviderJwt, type Verifier } from '../guide-gate/token.ts';
import { PROTECTED_RESOURCE_PATH } from './routes.ts';

/** The provider's issuer and key set, and the audience access tokens must carry (MCP_AUDIENCE). */
export type AccessTokenVerifier = Verifier;

export function accessTokenVerifier(domainOrigin: string, audience: string): AccessTokenVerifier {
  return providerVerifier(domainOrigin, audience);
}

/**
 * The URL of a resource's metadata document (RFC 9728 §3.1: the well-known path inserted between
 * the resource's origin and its path), e.g. `https://docs.veriq.io/.well-known/oauth-protected-resource/mcp`.
 */
export function resourceMetadataUrl(resource: string): string {
  const url = new URL(resource);
  return `${url.origin}${PROTECTED_RESOURCE_PATH}${url.pathname === '/' ? '' : url.pathname}`;
}

function invalid(description: string): OAuthError {
  return new OAuthError(OAuthErrorCode.InvalidToken, description);
}

/**
 * The caller's verified token, null for a caller without one, or the 401 to answer. The audience
 * is the verifier's, MCP_AUDIENCE, on whatever host the request came: the one resource this
 * server's metadata names everywhere (maintainers/decisions/2026-11-27-mcp-resource-per-host.md).
 */
export async function authenticate(
  request: Request,
  verifier: AccessTokenVerifier,
  nowMs: number,
): Promise<AuthInfo | null | Response> {
  const header = request.headers.get('Authorization');
  if (header === null) return null;
  const metadata = resourceMetadataUrl(verifier.audience);
  try {
    return await verifyBearerToken(header, {
      resourceMetadataUrl: metadata,
      verifier: {
        async verifyAccessToken(token: string): Promise<AuthInfo> {
          if (token.length > MAX_TOKEN_BYTES * 2) throw invalid('The access token is too large.');
          const verified = await verifyProviderJwt(token, verifier, nowMs, ['exp', 'sub']);
          if (!verified.ok)
            throw invalid(`The access token is not valid for this server (${verified.code}): sign in again.`);
          const payload = verified.payload;
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
        },
      },
    });
  } catch (error) {
    const response = bearerAuthChallengeResponse(error, { resourceMetadataUrl: metadata });
    return response;
  }
}
