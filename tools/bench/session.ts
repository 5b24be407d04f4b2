// A real reader session for the bench's signed-in pages: the local provider (tools/idp) signs a
// reader in through its own forms and the site's gate turns the id token into its session cookie,
// exactly as after a sign-in in a browser (started on the gate, which binds it to this client). The bench then hands the cookie and the tokens to
// Chromium, so the gate serves the guides' articles and the page renders them as for a reader.
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import { request } from '@playwright/test';
import { localAuthEnv, type LocalIdpSettings } from '../idp/config';
import { runImplicitFlow } from '../idp/implicitFlow';
import { startLocalIdp } from '../idp/server';
import { cookieMode } from '../../server/guide-gate/cookies';

export interface ReaderSession {
  /** The gate's session cookie, as Chromium stores it. */
  cookie: { name: string; value: string; domain: string; path: string; httpOnly: boolean; secure: boolean };
  /** What the callback page leaves in localStorage. */
  storage: { id_token: string; access_token: string };
}

export interface BenchIdentity {
  settings: LocalIdpSettings;
  /** The AUTH0_* variables the bench build is made with. */
  buildEnv: Record<string, string>;
}

export function benchIdentity(idpPort: number, siteOrigin: string): BenchIdentity {
  const settings: LocalIdpSettings = { port: idpPort, clientId: 'veriq-docs-bench', siteOrigins: [siteOrigin] };
  return { settings, buildEnv: localAuthEnv(settings, siteOrigin) };
}

export function startBenchIdp(identity: BenchIdentity): Promise<Server> {
  return startLocalIdp(identity.settings);
}

/** Signs a reader in through the provider and opens a session on the site's gate. */
export async function signIn(identity: BenchIdentity, siteOrigin: string): Promise<ReaderSession> {
  const api = await request.newContext();
  try {
    // The gate binds the sign-in to this client first, as the Login button does.
    const started = await api.post(`${siteOrigin}/_auth/login`, { headers: { Origin: siteOrigin } });
    const { nonce } = (await started.json()) as { nonce: string };
    if (started.status() !== 200 || !nonce) throw new Error(`The gate did not start the bench's sign-in`);
    const settings = { idpOrigin: identity.buildEnv.AUTH0_DOMAIN, clientId: identity.settings.clientId, siteOrigin };
    const tokens = await runImplicitFlow(api, settings, 'bench@example.com', nonce, randomBytes(8).toString('hex'));
    const idToken = tokens.get('id_token');
    if (!idToken) throw new Error('The local provider returned no id token');
    const response = await api.post(`${siteOrigin}/_auth/session`, {
      headers: { Origin: siteOrigin },
      data: { idToken },
    });
    if (response.status() !== 200) throw new Error(`The gate refused the bench's session: ${await response.text()}`);
    const host = new URL(siteOrigin).hostname;
    // The provider's own cookies share the loopback host (cookies ignore ports): pick the gate's by name.
    const mode = cookieMode(new URL(siteOrigin));
    const stored = (await api.storageState()).cookies.find((c) => c.domain === host && c.name === mode?.name);
    if (!stored) throw new Error('The gate accepted the sign-in but set no session cookie');
    return {
      cookie: {
        name: stored.name,
        value: stored.value,
        domain: host,
        path: '/',
        httpOnly: true,
        secure: stored.secure,
      },
      storage: { id_token: idToken, access_token: tokens.get('access_token') ?? '' },
    };
  } finally {
    await api.dispose();
  }
}
