// A real sign-in for tests that need the guides open: the implicit flow through the local
// provider's own login and consent forms, over HTTP (no screens, so it is quick), then the same
// hand-over to the gate that the callback page makes. The browser context ends up exactly as
// after a sign-in: id_token and access_token in localStorage, the session cookie set.
import { randomBytes } from 'node:crypto';
import type { APIRequestContext, APIResponse, BrowserContext } from '@playwright/test';
import { IDP_CLIENT_ID, IDP_ORIGIN } from './variants';

function formOf(html: string): { action: string; fields: Record<string, string> } | null {
  const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
  if (!action) return null;
  const fields: Record<string, string> = {};
  for (const [input] of html.matchAll(/<input\b[^>]*>/g)) {
    const name = /\sname="([^"]*)"/.exec(input)?.[1];
    if (name) fields[name] = /\svalue="([^"]*)"/.exec(input)?.[1] ?? '';
  }
  return { action: action.replace(/&amp;/g, '&'), fields };
}

/** Walks the provider's redirects and forms until it returns to the site; the tokens are in the fragment. */
export async function implicitFlow(request: APIRequestContext, siteOrigin: string, login: string, nonce: string) {
  const redirectUri = `${siteOrigin}/login/callback`;
  const authorize = new URL('/authorize', IDP_ORIGIN);
  authorize.search = new URLSearchParams({
    client_id: IDP_CLIENT_ID,
    response_type: 'id_token token',
    scope: 'openid profile email',
    redirect_uri: redirectUri,
    state: randomBytes(8).toString('hex'),
    nonce,
  }).toString();
  let response: APIResponse = await request.get(authorize.href, { maxRedirects: 0 });
  for (let step = 0; step < 12; step++) {
    const location = response.headers()['location'];
    if (location) {
      const next = new URL(location, IDP_ORIGIN);
      if (next.href.startsWith(redirectUri)) return new URLSearchParams(next.hash.slice(1));
      response = await request.get(next.href, { maxRedirects: 0 });
      continue;
    }
    const form = formOf(await response.text());
    if (!form) throw new Error(`The provider stopped at ${response.url()} (${response.status()})`);
    const fields = { ...form.fields, ...('login' in form.fields ? { login, password: 'any-password' } : {}) };
    response = await request.post(new URL(form.action, IDP_ORIGIN).href, { form: fields, maxRedirects: 0 });
  }
  throw new Error('The sign-in did not return to the site');
}

/** Signs the context in for real; returns the id token. */
export async function realSignIn(
  context: BrowserContext,
  siteOrigin: string,
  login = 'reader@example.com',
): Promise<string> {
  const nonce = randomBytes(12).toString('hex');
  const tokens = await implicitFlow(context.request, siteOrigin, login, nonce);
  const idToken = tokens.get('id_token');
  if (!idToken) throw new Error('The provider returned no id token');
  const session = await context.request.post(`${siteOrigin}/_auth/session`, {
    headers: { Origin: siteOrigin },
    data: { idToken, nonce },
  });
  if (session.status() !== 204) throw new Error(`The gate refused the session: ${await session.text()}`);
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
