// Drives an authorization URL through the local provider's own login and consent forms over
// HTTP (no screens), as a reader's browser would, until the provider redirects to the client's
// redirect URI; returns that redirect's query (code, state, iss).
import type { APIRequestContext, APIResponse } from '@playwright/test';
import { formOf } from '../../../tools/idp/implicitFlow';

export async function authorizeThroughProvider(
  request: APIRequestContext,
  authorizationUrl: URL,
  redirectUri: string,
  login: string,
): Promise<URLSearchParams> {
  let response: APIResponse = await request.get(authorizationUrl.href, { maxRedirects: 0 });
  let at = authorizationUrl;
  for (let step = 0; step < 12; step++) {
    const location = response.headers()['location'];
    if (location) {
      const next = new URL(location, at);
      if (next.href.startsWith(redirectUri)) return next.searchParams;
      at = next;
      response = await request.get(next.href, { maxRedirects: 0 });
      continue;
    }
    const form = formOf(await response.text());
    if (!form) throw new Error(`The provider stopped at ${response.url()} (${response.status()})`);
    const fields = { ...form.fields, ...('login' in form.fields ? { login, password: 'any-password' } : {}) };
    at = new URL(form.action, at);
    response = await request.post(at.href, { form: fields, maxRedirects: 0 });
  }
  throw new Error('The authorization did not return to the client');
}
