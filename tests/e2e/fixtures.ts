import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { IDP_CLIENT_ID, baseUrl } from './support/variants';
import { realSignIn } from './support/realSession';

/** Loopback only: any other host is aborted, so a test can never reach the internet. */
function isLoopback(url: URL): boolean {
  return (
    ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname) || url.protocol === 'data:' || url.protocol === 'blob:'
  );
}

export const test = base.extend<{ blockExternal: void; settleRoutes: void }>({
  blockExternal: [
    async ({ context }, use) => {
      await context.route(
        (url) => !isLoopback(url),
        (route) => route.abort('blockedbyclient'),
      );
      await use();
    },
    { auto: true },
  ],
  // When a test ends, route handlers can be mid-way (prefetches, a chunk held back), and closing the
  // context under them fails the test or logs errors outside it. So every handler is removed before
  // the context closes, and what running ones throw later is ignored. Not 'wait': a handler may
  // wait on the test forever. Why: maintainers/decisions/2026-11-27-e2e-suite.md
  settleRoutes: [
    async ({ context }, use) => {
      await use();
      await Promise.all(context.pages().map((page) => page.unrouteAll({ behavior: 'ignoreErrors' })));
      await context.unrouteAll({ behavior: 'ignoreErrors' });
    },
    { auto: true },
  ],
});

export { expect };

const b64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An unsigned token with the claims the site reads (it checks expiry and audience, not signatures). */
export function fakeIdToken(claims: Partial<{ exp: number; aud: string; nonce: string; sub: string }> = {}): string {
  const payload = {
    sub: 'reader@example.com',
    aud: IDP_CLIENT_ID,
    exp: Math.floor(Date.now() / 1000) + 3600,
    ...claims,
  };
  return `${b64url({ alg: 'RS256', typ: 'JWT' })}.${b64url(payload)}.c2lnbmF0dXJl`;
}

/**
 * Signs the context in. Without a token: a real sign-in through the local provider, with the gate's
 * session cookie (tests/e2e/support/realSession.ts), which guide files need. With a token: only
 * stores it before any page script runs (for tests of expired or malformed tokens).
 */
export async function signIn(context: BrowserContext, token?: string, siteOrigin = baseUrl('main')): Promise<void> {
  if (token === undefined) {
    await realSignIn(context, siteOrigin);
    return;
  }
  await context.addInitScript((t) => {
    if (!window.sessionStorage.getItem('e2e-seeded')) {
      window.localStorage.setItem('id_token', t);
      window.localStorage.setItem('access_token', 'e2e-access-token');
      window.sessionStorage.setItem('e2e-seeded', '1');
    }
  }, token);
}

/**
 * Waits until the app has hydrated. The bundle runs only after the first paint
 * (framework/replacements/ssr-template/ssrTemplate.build.ts), so a test that clicks an app control (a button, a client-side link, a
 * lazy loader's observer) must wait for it: before that, a reader's click is a plain browser click.
 */
export async function hydrated(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
}

export function accessModal(page: Page) {
  return page.getByRole('dialog', { name: '🔒 Access Restricted' });
}
