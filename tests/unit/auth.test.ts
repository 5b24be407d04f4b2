import { describe, expect, it } from 'vitest';
import { isLoginAvailable, readAuthConfig, toSiteAuthConfig } from '../../src/auth/config';
import { buildAuthorizeUrl, prepareLogin, randomToken } from '../../src/auth/login';
import { buildLogoutUrl, prepareLogout } from '../../src/auth/logout';
import { completeLogin, parseFragment } from '../../src/auth/callback';
import { hasLiveSession, isLoggedIn } from '../../src/auth/session';
import { decodeIdToken } from '../../src/auth/token';
import { safeRedirectPath } from '../../src/auth/redirect';
import { MemoryStorage, token } from './memoryStorage';

const NOW = Date.UTC(2026, 0, 1);
const future = NOW / 1000 + 600;

describe('token parsing and expiry', () => {
  it('reads exp and aud from a compact JWS', () => {
    expect(decodeIdToken(token({ exp: future, aud: 'c' }))?.aud).toBe('c');
  });
  it.each([
    '',
    'a.b',
    'a.!!.c',
    `a.${Buffer.from('[]').toString('base64url')}.c`,
    token({ aud: 'c' }),
    token({ exp: 'soon', aud: 'c' }),
  ])('rejects %s', (bad) => expect(decodeIdToken(bad)).toBeNull());
  it('decodes UTF-8 claims', () => {
    expect(decodeIdToken(token({ exp: future, aud: 'c', name: 'Zoë' }))?.name).toBe('Zoë');
  });
  it('removes an expired or malformed token with its access token', () => {
    for (const bad of [token({ exp: NOW / 1000 - 1, aud: 'c' }), 'garbage']) {
      const s = new MemoryStorage();
      s.setItem('id_token', bad);
      s.setItem('access_token', 'at');
      expect(hasLiveSession(s, NOW)).toBe(false);
      expect(s.items.size).toBe(0);
    }
  });
  it('keeps a live token', () => {
    const s = new MemoryStorage();
    s.setItem('id_token', token({ exp: future, aud: 'c' }));
    expect(hasLiveSession(s, NOW)).toBe(true);
  });
  it('is always logged in on previews and with SKIP_AUTH', () => {
    expect(isLoggedIn(true, new MemoryStorage(), NOW)).toBe(true);
    expect(toSiteAuthConfig({ auth: emptyAuth(), skipAuth: true, context: null }).alwaysLoggedIn).toBe(true);
    expect(toSiteAuthConfig({ auth: emptyAuth(), skipAuth: false, context: 'deploy-preview' }).alwaysLoggedIn).toBe(
      true,
    );
    expect(toSiteAuthConfig({ auth: emptyAuth(), skipAuth: false, context: 'production' }).alwaysLoggedIn).toBe(false);
  });
});

function emptyAuth() {
  return { domain: null, clientId: null, callbackUrl: null, logoutRedirectUrl: null };
}

describe('configuration', () => {
  it('needs domain, client id and callback for login', () => {
    const full = {
      ...emptyAuth(),
      domain: 'https://t',
      clientId: 'c',
      callbackUrl: 'https://s/login/callback',
      alwaysLoggedIn: false,
    };
    expect(isLoginAvailable(full)).toBe(true);
    for (const key of ['domain', 'clientId', 'callbackUrl'] as const) {
      expect(isLoginAvailable({ ...full, [key]: null })).toBe(false);
    }
  });
  it('tolerates missing or malformed custom fields', () => {
    expect(readAuthConfig(undefined).domain).toBeNull();
    expect(readAuthConfig({ auth: { domain: 3, alwaysLoggedIn: 'yes' } })).toMatchObject({
      domain: null,
      alwaysLoggedIn: false,
    });
  });
});

describe('login', () => {
  it('builds the authorize URL of spec §4', () => {
    const url = new URL(
      buildAuthorizeUrl({
        domain: 'https://t.auth0.com',
        clientId: 'c',
        redirectUri: 'https://s/login/callback',
        state: 's',
        nonce: 'n',
      }),
    );
    expect(url.origin + url.pathname).toBe('https://t.auth0.com/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'id_token token',
      client_id: 'c',
      redirect_uri: 'https://s/login/callback',
      scope: 'openid profile email',
      state: 's',
      nonce: 'n',
    });
  });
  it('makes unguessable, distinct state and nonce values', () => {
    const values = new Set(Array.from({ length: 50 }, () => randomToken()));
    expect(values.size).toBe(50);
    for (const v of values) expect(v).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
  it('remembers the current path and the one-time values', () => {
    const local = new MemoryStorage();
    const session = new MemoryStorage();
    const url = new URL(
      prepareLogin(
        { domain: 'https://t', clientId: 'c' },
        { local, session, origin: 'https://s', currentPath: '/guides/x?a=1#h' },
      ),
    );
    expect(local.getItem('redirect_after_login')).toBe('/guides/x?a=1#h');
    expect(url.searchParams.get('state')).toBe(session.getItem('veriq_login_state'));
    expect(url.searchParams.get('nonce')).toBe(session.getItem('veriq_login_nonce'));
    expect(url.searchParams.get('redirect_uri')).toBe('https://s/login/callback');
  });
  it('does not remember the callback page itself', () => {
    const local = new MemoryStorage();
    prepareLogin(
      { domain: 'https://t', clientId: 'c' },
      { local, session: new MemoryStorage(), origin: 'https://s', currentPath: '/login/callback' },
    );
    expect(local.getItem('redirect_after_login')).toBe('/');
  });
});

describe('logout', () => {
  it('builds the /v2/logout URL and clears both tokens', () => {
    expect(buildLogoutUrl('https://t', 'c', 'https://s/')).toBe(
      'https://t/v2/logout?client_id=c&returnTo=https%3A%2F%2Fs%2F',
    );
    const s = new MemoryStorage();
    s.setItem('id_token', 'x');
    s.setItem('access_token', 'y');
    expect(prepareLogout({ domain: 'https://t', clientId: 'c', logoutRedirectUrl: null }, s, 'https://s')).toBe(
      'https://t/v2/logout?client_id=c&returnTo=https%3A%2F%2Fs%2F',
    );
    expect(s.items.size).toBe(0);
  });
  it('still clears tokens when login is not configured', () => {
    const s = new MemoryStorage();
    s.setItem('id_token', 'x');
    expect(prepareLogout({ domain: null, clientId: null, logoutRedirectUrl: null }, s, 'https://s')).toBeNull();
    expect(s.items.size).toBe(0);
  });
});

describe('callback', () => {
  function attempt(extra: Record<string, unknown> = {}) {
    const local = new MemoryStorage();
    const session = new MemoryStorage();
    session.setItem('veriq_login_state', 'STATE');
    session.setItem('veriq_login_nonce', 'NONCE');
    local.setItem('redirect_after_login', '/guides/concept');
    const id = token({ exp: future, aud: 'client', nonce: 'NONCE', ...extra });
    return { local, session, id };
  }
  const run = (hash: string, a: ReturnType<typeof attempt>) =>
    completeLogin(hash, { local: a.local, session: a.session, clientId: 'client', nowMs: NOW });

  it('stores tokens and returns the remembered path', () => {
    const a = attempt();
    expect(run(`#id_token=${a.id}&access_token=AT&state=STATE`, a)).toEqual({
      kind: 'success',
      redirectTo: '/guides/concept',
    });
    expect(a.local.getItem('id_token')).toBe(a.id);
    expect(a.local.getItem('access_token')).toBe('AT');
    expect(a.session.items.size).toBe(0);
  });
  it('accepts an audience array containing the client id', () => {
    const a = attempt({ aud: ['other', 'client'] });
    expect(run(`#id_token=${a.id}&state=STATE`, a).kind).toBe('success');
  });
  it.each([
    ['state mismatch', (a: ReturnType<typeof attempt>) => `#id_token=${a.id}&state=OTHER`],
    ['nonce mismatch', () => `#id_token=${token({ exp: future, aud: 'client', nonce: 'X' })}&state=STATE`],
    ['audience mismatch', () => `#id_token=${token({ exp: future, aud: 'other', nonce: 'NONCE' })}&state=STATE`],
    ['expired', () => `#id_token=${token({ exp: NOW / 1000 - 5, aud: 'client', nonce: 'NONCE' })}&state=STATE`],
    ['no readable id token', () => '#id_token=garbage&state=STATE'],
  ])('rejects %s and stores nothing', (_name, hash) => {
    const a = attempt();
    expect(run(hash(a), a).kind).toBe('rejected');
    expect(a.local.getItem('id_token')).toBeNull();
    expect(a.session.items.size).toBe(0);
  });
  it('refuses a replayed fragment once the attempt is used', () => {
    const a = attempt();
    const hash = `#id_token=${a.id}&state=STATE`;
    expect(run(hash, a).kind).toBe('success');
    a.local.removeItem('id_token');
    expect(run(hash, a).kind).toBe('rejected');
  });
  it('reports a provider error', () => {
    const a = attempt();
    expect(run('#error=access_denied&error_description=Denied%20by%20rule', a)).toEqual({
      kind: 'provider-error',
      error: 'access_denied',
      description: 'Denied by rule',
    });
  });
  it('parses fragments with or without the hash sign', () => {
    expect(parseFragment('#a=1').get('a')).toBe('1');
    expect(parseFragment('a=1').get('a')).toBe('1');
  });
});

describe('safeRedirectPath', () => {
  it.each([
    ['/guides/concept', '/guides/concept'],
    ['/a?b=1#c', '/a?b=1#c'],
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example/', '/'],
    ['javascript:alert(1)', '/'],
    ['', '/'],
    [null, '/'],
    ['/a\nb', '/'],
  ])('%s -> %s', (input, expected) => expect(safeRedirectPath(input)).toBe(expected));
});
