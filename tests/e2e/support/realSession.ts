// A real sign-in for tests that need the guides open: the sign-in started on the gate (which binds
// it to this browser context with its HttpOnly cookie and answers the nonce), the implicit flow
// through the local provider's own login and consent forms (tools/idp/implicitFlow.ts), then the
// same hand-over to the gate that the callback page makes. The browser context ends up exactly as
// after a sign-in: id_token and access_token in localStorage, the session cookie set.
import { randomBytes } from 'node:crypto';
import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { runImplicitFlow } from '../../../tools/idp/implicitFlow';
import { IDP_CLIENT_ID, IDP_ORIGIN } from './variants';

/** The implicit flow through the e2e suite's provider; the tokens are in the returned fragment. */
export function implicitFlow(request: APIRequestContext, siteOrigin: string, login: string, nonce: string) {
  const settings = { idpOrigin: IDP_ORIGIN, clientId: IDP_CLIENT_ID, siteOrigin };
  return runImplicitFlow(request, settings, login, nonce, randomBytes(8).toString('hex'));
}

/** POST /_auth/login as the Login button does: the binding cookie lands in `request`'s jar. */
export async function startSignIn(request: APIRequestContext, siteOrigin: string): Promise<string> {
  const started = await request.post(`${siteOrigin}/_auth/login`, { headers: { Origin: siteOrigin } });
  const body = (await started.json()) as { nonce?: string };
  if (started.status() !== 200 || !body.nonce)
    throw new Error(`The gate did not start a sign-in: ${JSON.stringify(body)}`);
  return body.nonce;
}

/** Signs the context in for real; returns the id token. */
export async function realSignIn(
  context: BrowserContext,
  siteOrigin: string,
  login = 'reader@example.com',
): Promise<string> {
  const nonce = await startSignIn(context.request, siteOrigin);
  const tokens = await implicitFlow(context.request, siteOrigin, login, nonce);
  const idToken = tokens.get('id_token');
  if (!idToken) throw new Error('The provider returned no id token');
  const session = await context.request.post(`${siteOrigin}/_auth/session`, {
    headers: { Origin: siteOrigin },
    data: { idToken },
  });
  if (session.status() !== 200) throw new Error(`The gate refused the session: ${await session.text()}`);
  await context.addInitScript(
    ([id, access]) => {
      if (!window.sessionStorage.getItem('e2e-seeded')) {
        window.localStorage.setItem('id_token', id);
        window.localStorage.setItem('access_token', access);
        window.sessionStorage.setItem('e2e-seeded', '1');
      }
    },
    [idToken, tokens.get('access_token') ?? ''] as const,
  );
  return idToken;
}
