import { afterEach, describe, expect, it, vi } from 'vitest';
import { isLoginAvailable, readAuthConfig } from '../../shared/auth/config';
import { toSiteAuthConfig } from '../../config/auth';
import { buildAuthorizeUrl, callbackOnOrigin, prepareLogin, randomToken } from '../../src/auth/login';
import { buildLogoutUrl, prepareLogout } from '../../src/auth/logout';
import {
  completeLogin,
  parseFragment,
  STORAGE_REFUSED_MESSAGE,
  UNRELATED_ERROR_MESSAGE,
} from '../../src/auth/callback';
import { hasLiveSession, isLoggedIn, msUntilExpiry } from '../../src/auth/session';
import { CLOCK_SKEW_SECONDS, decodeIdToken, MAX_ID_TOKEN_LENGTH } from '../../shared/auth/token';
import { navigationTarget, safeRedirectPath, sameOriginPath } from '../../shared/auth/redirect';
import { CALLBACK_FRAGMENT_GLOBAL, isCallbackPath, takeCallbackFragment } from '../../shared/auth/callbackPath';
import { MemoryStorage, token } from './memoryStorage';

const NOW = Date.UTC(2026, 0, 1);
const future = NOW / 1000 + 600;

afterEach(() => {
  vi.restoreAllMocks();
});

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
    for (const bad of [token({ exp: NOW / 1000 - CLOCK_SKEW_SECONDS - 1, aud: 'c' }), 'garbage']) {
      const s = new MemoryStorage();
      s.setItem('id_token', bad);
      s.setItem('access_token', 'at');
      expect(hasLiveSession(s, NOW, 'c')).toBe(false);
      expect(s.items.size).toBe(0);
    }
  });
  it('keeps a live token', () => {
    const s = new MemoryStorage();
    s.setItem('id_token', token({ exp: future, aud: 'c' }));
    expect(hasLiveSession(s, NOW, 'c')).toBe(true);
  });
  it('removes a token issued to another audience, and any token when login is not configured', () => {
    for (const [aud, clientId] of [
      ['other', 'c'],
      [['other'], 'c'],
      ['c', null],
    ] as const) {
      const s = new MemoryStorage();
      s.setItem('id_token', token({ exp: future, aud }));
      expect(hasLiveSession(s, NOW, clientId)).toBe(false);
      expect(s.items.size).toBe(0);
    }
  });
  it('allows a small clock skew after exp, and no more', () => {
    const s = new MemoryStorage();
    const exp = NOW / 1000 - CLOCK_SKEW_SECONDS + 5;
    s.setItem('id_token', token({ exp, aud: 'c' }));
    expect(hasLiveSession(s, NOW, 'c')).toBe(true);
    expect(msUntilExpiry(s, NOW)).toBe(5000);
    expect(hasLiveSession(s, NOW + 5000, 'c')).toBe(false);
  });
  it('treats a stored token over the size cap as signed out and removes it', () => {
    const s = new MemoryStorage();
    const big = token({ exp: future, aud: 'c', pad: 'x'.repeat(MAX_ID_TOKEN_LENGTH) });
    s.setItem('id_token', big);
    s.setItem('access_token', 'at');
    expect(hasLiveSession(s, NOW, 'c')).toBe(false);
    expect(s.items.size).toBe(0);
    expect(decodeIdToken(big)).toBeNull();
  });
  it('decodes the stored token once per change, not on every read', () => {
    const s = new MemoryStorage();
    s.setItem('id_token', token({ exp: future, aud: 'c', n: 1 }));
    const parse = vi.spyOn(JSON, 'parse');
    for (let i = 0; i < 50; i++) expect(hasLiveSession(s, NOW, 'c')).toBe(true);
    expect(parse).toHaveBeenCalledTimes(1);
    s.setItem('id_token', token({ exp: future, aud: 'c', n: 2 }));
    for (let i = 0; i < 50; i++) expect(hasLiveSession(s, NOW, 'c')).toBe(true);
    expect(parse).toHaveBeenCalledTimes(2);
  });
  it('is always logged in on previews and with SKIP_AUTH', () => {
    expect(isLoggedIn(true, new MemoryStorage(), NOW, 'c')).toBe(true);
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
  it('builds the implicit-flow authorize URL', () => {
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
        { domain: 'https://t', clientId: 'c', callbackUrl: 'https://s/login/callback' },
        { local, session, origin: 'https://s', currentPath: '/guides/x?a=1#h' },
      ),
    );
    expect(local.getItem('redirect_after_login')).toBe('/guides/x?a=1#h');
    expect(url.searchParams.get('state')).toBe(session.getItem('veriq_login_state'));
    expect(url.searchParams.get('nonce')).toBe(session.getItem('veriq_login_nonce'));
    expect(url.searchParams.get('redirect_uri')).toBe('https://s/login/callback');
  });
  it('does not remember the callback page itself, in any spelling the router renders it for', () => {
    for (const path of ['/login/callback', '/Login/Callback/', '/login/%63allback']) {
      const local = new MemoryStorage();
      prepareLogin(
        { domain: 'https://t', clientId: 'c', callbackUrl: 'https://s/login/callback' },
        { local, session: new MemoryStorage(), origin: 'https://s', currentPath: path },
      );
      expect(local.getItem('redirect_after_login')).toBe('/');
    }
  });
  it('remembers a page whose path would leave the site as a page of this site', () => {
    const local = new MemoryStorage();
    prepareLogin(
      { domain: 'https://t', clientId: 'c', callbackUrl: 'https://s/login/callback' },
      { local, session: new MemoryStorage(), origin: 'https://s', currentPath: '/%5Cevil.com' },
    );
    expect(local.getItem('redirect_after_login')).toBe('/evil.com');
  });
  it('sends AUTH0_CALLBACK_URL as redirect_uri, only from a page on its origin', () => {
    // A query makes the configured address differ from the one the page could compute itself.
    const config = { domain: 'https://t', clientId: 'c', callbackUrl: 'https://docs.example/login/callback?from=docs' };
    const deps = { local: new MemoryStorage(), session: new MemoryStorage(), currentPath: '/' };
    const url = new URL(prepareLogin(config, { ...deps, origin: 'https://docs.example' }));
    expect(url.searchParams.get('redirect_uri')).toBe('https://docs.example/login/callback?from=docs');
    const elsewhere = {
      ...deps,
      local: new MemoryStorage(),
      session: new MemoryStorage(),
      origin: 'https://alias.example',
    };
    expect(() => prepareLogin(config, elsewhere)).toThrow(/AUTH0_CALLBACK_URL/);
    expect(elsewhere.session.items.size).toBe(0);
    expect(callbackOnOrigin(config.callbackUrl, 'https://docs.example')).toBe(true);
    expect(callbackOnOrigin(config.callbackUrl, 'http://docs.example')).toBe(false);
    expect(callbackOnOrigin('not a url', 'https://docs.example')).toBe(false);
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
    [
      'expired',
      () =>
        `#id_token=${token({ exp: NOW / 1000 - CLOCK_SKEW_SECONDS - 5, aud: 'client', nonce: 'NONCE' })}&state=STATE`,
    ],
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
  it("reports a provider error that carries the attempt's state, and ends the attempt", () => {
    const a = attempt();
    expect(run('#error=access_denied&error_description=Denied%20by%20rule&state=STATE', a)).toEqual({
      kind: 'provider-error',
      error: 'access_denied',
      description: 'Denied by rule',
    });
    expect(a.session.items.size).toBe(0);
  });
  it.each([
    ['no state', '#error=x&error_description=Call%20evil.example'],
    ['another state', '#error=x&error_description=Call%20evil.example&state=OTHER'],
  ])('shows a generic message for a provider error with %s and keeps the attempt', (_name, hash) => {
    const a = attempt();
    expect(run(hash, a)).toEqual({ kind: 'rejected', reason: UNRELATED_ERROR_MESSAGE });
    expect(a.session.getItem('veriq_login_state')).toBe('STATE');
    expect(a.session.getItem('veriq_login_nonce')).toBe('NONCE');
    // The real response still completes the sign-in afterwards.
    expect(run(`#id_token=${a.id}&state=STATE`, a).kind).toBe('success');
  });
  it('shows a generic message for a provider error when no sign-in is pending', () => {
    const session = new MemoryStorage();
    const result = completeLogin('#error=x&error_description=Call%20us', {
      local: new MemoryStorage(),
      session,
      clientId: 'client',
      nowMs: NOW,
    });
    expect(result).toEqual({ kind: 'rejected', reason: UNRELATED_ERROR_MESSAGE });
  });
  it('refuses an id token over the size cap', () => {
    const a = attempt();
    const big = token({ exp: future, aud: 'client', nonce: 'NONCE', pad: 'x'.repeat(MAX_ID_TOKEN_LENGTH) });
    expect(run(`#id_token=${big}&state=STATE`, a)).toMatchObject({ kind: 'rejected', reason: /larger/ });
    expect(a.local.getItem('id_token')).toBeNull();
  });
  it('reports a storage quota error clearly and leaves no half-stored session', () => {
    const a = attempt();
    const local = a.local;
    const full = {
      getItem: (k: string) => local.getItem(k),
      removeItem: (k: string) => local.removeItem(k),
      setItem: (k: string, v: string) => {
        if (k === 'access_token') throw new DOMException('quota', 'QuotaExceededError');
        local.setItem(k, v);
      },
    };
    const result = completeLogin(`#id_token=${a.id}&access_token=AT&state=STATE`, {
      local: full,
      session: a.session,
      clientId: 'client',
      nowMs: NOW,
    });
    expect(result).toEqual({ kind: 'rejected', reason: STORAGE_REFUSED_MESSAGE });
    expect(local.getItem('id_token')).toBeNull();
    expect(local.getItem('access_token')).toBeNull();
  });
  it('accepts a token within the clock skew of its expiry', () => {
    const a = attempt({ exp: NOW / 1000 - CLOCK_SKEW_SECONDS + 10 });
    expect(run(`#id_token=${a.id}&state=STATE`, a).kind).toBe('success');
  });
  it('falls back to the home page for a remembered path that leaves the site', () => {
    const a = attempt();
    a.local.setItem('redirect_after_login', '/%5Cevil.com');
    expect(run(`#id_token=${a.id}&state=STATE`, a)).toEqual({ kind: 'success', redirectTo: '/evil.com' });
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
    ['/%0aevil', '/'],
    ['/%E0', '/'],
    // Each of these resolves to //evil.com (another origin) once normalised or decoded.
    ['/.//evil.com', '/evil.com'],
    ['/..//evil.com', '/evil.com'],
    ['/%2e//evil.com', '/evil.com'],
    ['/a/..//evil.com', '/evil.com'],
    ['/./\\evil.com', '/evil.com'],
    ['/%5Cevil.com', '/evil.com'],
    ['/%255Cevil.com', '/evil.com'],
    ['/%2F%2Fevil.com', '/evil.com'],
    ['/guides//concept', '/guides/concept'],
    ['/%67uides/concept', '/guides/concept'],
  ])('%s -> %s', (input, expected) => expect(safeRedirectPath(input)).toBe(expected));

  it('never returns a value the browser resolves to another origin', () => {
    const inputs = [
      '/.//evil.com',
      '/..//evil.com',
      '/%2e//evil.com',
      '/a/..//evil.com',
      '/./\\evil.com',
      '/%5Cevil.com',
    ];
    for (const input of inputs) {
      const out = safeRedirectPath(input);
      expect(new URL(out, 'https://docs.veriq.io').origin).toBe('https://docs.veriq.io');
      // The router decodes the path before it builds the history entry: decoded, it must stay too.
      expect(new URL(decodeURIComponent(out), 'https://docs.veriq.io').origin).toBe('https://docs.veriq.io');
    }
    expect(sameOriginPath('//evil.com')).toBeNull();
  });

  it('checks the origin again where the value is used', () => {
    expect(navigationTarget('/guides/concept#x', 'https://docs.veriq.io')).toBe('/guides/concept#x');
    expect(navigationTarget('//evil.com', 'https://docs.veriq.io')).toBe('/');
    expect(navigationTarget('/%5Cevil.com', 'https://docs.veriq.io')).toBe('/evil.com');
  });
});

describe('callback route and fragment hand-off', () => {
  it.each([
    ['/login/callback', true],
    ['/login/callback/', true],
    ['/Login/Callback', true],
    ['/login/%63allback', true],
    ['//login//callback', true],
    ['/login/callbackx', false],
    ['/login', false],
  ])('%s is the callback route: %s', (path, expected) => expect(isCallbackPath(path)).toBe(expected));

  it('reads the kept fragment once, and the URL fragment when none was kept', () => {
    const win = { location: { hash: '' }, [CALLBACK_FRAGMENT_GLOBAL]: '#id_token=x' } as unknown as Window;
    expect(takeCallbackFragment(win)).toBe('#id_token=x');
    expect(CALLBACK_FRAGMENT_GLOBAL in win).toBe(false);
    const plain = { location: { hash: '#state=y' } } as unknown as Window;
    expect(takeCallbackFragment(plain)).toBe('#state=y');
  });
});
