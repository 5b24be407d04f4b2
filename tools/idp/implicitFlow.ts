// Signs a user in through the local provider's own login and consent forms over HTTP (no screens),
// the implicit flow a browser would make. Shared by the e2e suite (tests/e2e/support/realSession.ts)
// and the bench (tools/bench/session.ts), which both need a real session on the gate.
import type { APIRequestContext, APIResponse } from '@playwright/test';

export interface ImplicitFlowSettings {
  idpOrigin: string;
  clientId: string;
  siteOrigin: string;
}

/** The first form of a provider page: where it posts and its fields with their values. */
export function formOf(html: string): { action: string; fields: Record<string, string> } | null {
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
export async function runImplicitFlow(
  request: APIRequestContext,
  { idpOrigin, clientId, siteOrigin }: ImplicitFlowSettings,
  login: string,
  nonce: string,
  state: string,
): Promise<URLSearchParams> {
  const redirectUri = `${siteOrigin}/login/callback`;
  const authorize = new URL('/authorize', idpOrigin);
  authorize.search = new URLSearchParams({
    client_id: clientId,
    response_type: 'id_token token',
    scope: 'openid profile email',
    redirect_uri: redirectUri,
    state,
    nonce,
  }).toString();
  let response: APIResponse = await request.get(authorize.href, { maxRedirects: 0 });
  for (let step = 0; step < 12; step++) {
    const location = response.headers()['location'];
    if (location) {
      const next = new URL(location, idpOrigin);
      if (next.href.startsWith(redirectUri)) return new URLSearchParams(next.hash.slice(1));
      response = await request.get(next.href, { maxRedirects: 0 });
      continue;
    }
    const form = formOf(await response.text());
    if (!form) throw new Error(`The provider stopped at ${response.url()} (${response.status()})`);
    const fields = { ...form.fields, ...('login' in form.fields ? { login, password: 'any-password' } : {}) };
    response = await request.post(new URL(form.action, idpOrigin).href, { form: fields, maxRedirects: 0 });
  }
  throw new Error('The sign-in did not return to the site');
}
