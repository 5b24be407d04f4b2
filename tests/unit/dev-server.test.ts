// What `npm start` tells readers and agents, and how it fails: the dev gate (sign-in sessions,
// guide twins, /.well-known), its own origin for agents, the simulated dates, and ports in use.
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createDevGate, wellKnownNotFound } from '../../server/guide-gate/devGate';
import { LOOPBACK_COOKIE } from '../../server/guide-gate/cookies';
import { mintSession, sessionSigner, type Access, type SessionSigner } from '../../server/guide-gate/session';
import { readEnv } from '../../config/env';
import { mcpServerUrl } from '../../src/reader/mcpLinks';
import { devServerEnv } from '../../tools/dev/serverEnv';
import { LOCAL_IDP_DEFAULTS } from '../../tools/idp/config';
import { startLocalIdp } from '../../tools/idp/server';
import { assertPortFree, PortInUseError } from '../../tools/dev/ports';
import { SIMULATED_DATE_NOTE, lastUpdatedDay } from '../../plugins/mcp-data';

const ORIGIN = 'http://127.0.0.1:3000';
const signer = sessionSigner('a-session-secret-of-this-dev-server-process', 'veriq-docs-local') as SessionSigner;
// Sessions are read before tokens are verified, so the verifier is never reached here.
const enforced: Access = { kind: 'enforced', verifier: null as never, sessions: signer };

const request = (path: string, init: RequestInit = {}) =>
  new Request(ORIGIN + path, { ...init, headers: { Origin: ORIGIN, ...(init.headers ?? {}) } });

async function sessionCookie(): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const token = await mintSession(signer, { sub: 'reader@example.com', exp: now + 600, authExp: now + 3600 });
  return `${LOOPBACK_COOKIE}=${token}`;
}

describe('the dev gate', () => {
  const gate = createDevGate(enforced);

  it('answers sign-in and sign-out itself, so the browser logs no 404', async () => {
    const login = await gate(request('/_auth/login', { method: 'POST' }));
    expect(login?.status).toBe(200);
    expect(((await login!.json()) as { nonce: string }).nonce).toMatch(/^[\w-]{43}$/);
    expect((await gate(request('/_auth/session', { method: 'DELETE' })))?.status).toBe(204);
    expect((await gate(request('/_auth/session')))?.status).toBe(401);
  });

  it('keeps guide twins and guide files from signed-out readers, as production does', async () => {
    for (const path of ['/guides/concept.md', '/GUIDES/connections/snowflake.md', '/assets/guides/index.json']) {
      const refused = await gate(request(path));
      expect(refused?.status, path).toBe(401);
      expect(refused?.headers.get('Cache-Control')).toContain('no-store');
    }
    const cookie = await sessionCookie();
    expect(await gate(request('/guides/concept.md', { headers: { Cookie: cookie } }))).toBeNull();
  });

  it('refuses a session signed with another key, for another audience, or expired', async () => {
    const now = Math.floor(Date.now() / 1000);
    const other = sessionSigner(
      'another-process-or-serve-prod-secret-of-48-chars',
      'veriq-docs-local',
    ) as SessionSigner;
    const otherSite = sessionSigner('a-session-secret-of-this-dev-server-process', 'veriq-docs-e2e') as SessionSigner;
    const claims = { sub: 'reader@example.com', exp: now + 600, authExp: now + 3600 };
    const cookies = [
      await mintSession(other, claims),
      await mintSession(otherSite, claims),
      await mintSession(signer, { ...claims, exp: now - 1 }),
      'not.a.jwt',
    ];
    for (const token of cookies) {
      const answer = await gate(request('/guides/concept.md', { headers: { Cookie: `${LOOPBACK_COOKIE}=${token}` } }));
      expect(answer?.status, token.slice(0, 20)).toBe(401);
    }
  });

  it('leaves pages and public files to the dev server', async () => {
    for (const path of ['/guides/concept', '/install-options.md', '/llms.txt', '/']) {
      expect(await gate(request(path)), path).toBeNull();
    }
  });

  it('is open on previews and SKIP_AUTH, closed without a provider', async () => {
    expect(await createDevGate({ kind: 'open' })(request('/guides/concept.md'))).toBeNull();
    const closed = createDevGate({ kind: 'closed', reason: 'no provider' });
    expect((await closed(request('/guides/concept.md')))?.status).toBe(401);
  });

  it('answers an unknown /.well-known path with JSON 404, never the app', async () => {
    for (const path of ['/.well-known/oauth-authorization-server', '/.Well-Known/openid-configuration']) {
      const answer = await wellKnownNotFound(request(path));
      expect(answer?.status).toBe(404);
      expect(answer?.headers.get('Content-Type')).toMatch(/^application\/json/);
    }
    expect(await wellKnownNotFound(request('/install-options'))).toBeNull();
  });
});

describe('npm start tells agents its own origin', () => {
  it('sets SITE_URL to the dev server, so the MCP URL and llms.txt name it', () => {
    const env = devServerEnv({}, 'http://127.0.0.1:3005', { ...LOCAL_IDP_DEFAULTS, port: 4015 });
    const site = readEnv(env);
    expect(mcpServerUrl(site.siteUrl)).toBe('http://127.0.0.1:3005/mcp');
    expect(site.mcpAudience).toBe('http://127.0.0.1:3005/mcp');
    expect(site.auth.domain).toBe('http://127.0.0.1:4015');
  });

  it('keeps the production MCP audience with a real tenant, unless one is named', () => {
    expect(devServerEnv({ AUTH0_DOMAIN: 'https://tenant.eu.auth0.com' }, ORIGIN, null).MCP_AUDIENCE).toBe(
      'https://docs.veriq.io/mcp',
    );
    expect(devServerEnv({ MCP_AUDIENCE: 'https://api.example.com/mcp' }, ORIGIN, null).MCP_AUDIENCE).toBe(
      'https://api.example.com/mcp',
    );
  });

  it('keeps a SITE_URL the caller set', () => {
    expect(devServerEnv({ SITE_URL: 'https://docs.example.com' }, ORIGIN, null).SITE_URL).toBe(
      'https://docs.example.com',
    );
  });

  it('says a date is simulated where the dev server makes it up (Docusaurus gives 2018-10-14)', () => {
    expect(lastUpdatedDay(1539502055000, true)).toBe(`2018-10-14 ${SIMULATED_DATE_NOTE}`);
    expect(lastUpdatedDay(1539502055000, false)).toBe('2018-10-14');
    expect(lastUpdatedDay(null, true)).toBeNull();
  });
});

describe('a port in use', () => {
  let holder: Server | null = null;
  afterEach(() => new Promise<void>((done) => (holder ? holder.close(() => done()) : done())));

  const hold = async (): Promise<number> => {
    holder = createServer();
    await new Promise<void>((done) => holder!.listen(0, '127.0.0.1', () => done()));
    return (holder.address() as { port: number }).port;
  };

  it('stops npm start with one line naming PORT', async () => {
    const port = await hold();
    const failure = assertPortFree(port, 'the site', 'PORT');
    await expect(failure).rejects.toBeInstanceOf(PortInUseError);
    await expect(failure).rejects.toThrow(
      new RegExp(`^Port ${port} on 127\\.0\\.0\\.1 is in use.*set PORT to a free port`),
    );
  });

  it('stops the local provider with one line naming IDP_PORT', async () => {
    const port = await hold();
    const failure = startLocalIdp({ ...LOCAL_IDP_DEFAULTS, port });
    await expect(failure).rejects.toThrow(/set IDP_PORT to a free port/);
  });
});
