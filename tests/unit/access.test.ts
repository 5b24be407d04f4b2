import { describe, expect, it } from 'vitest';
import { closeDestination, isGatedPath, isGatedUrl } from '../../shared/guide-gate/rules';
import { gateHeadScript } from '../../plugins/guide-gate/headScript';
import { hasLiveSession } from '../../src/auth/session';
import { CLOCK_SKEW_SECONDS, MAX_ID_TOKEN_LENGTH } from '../../shared/auth/token';
import { MemoryStorage, token } from './memoryStorage';
import { runInNewContext } from 'node:vm';

describe('gated paths', () => {
  it.each([
    ['/guides', true],
    ['/guides/concept', true],
    ['/guides/connections/snowflake', true],
    ['/guidesx', false],
    // The router decodes and matches case-insensitively, so these render guide pages too.
    ['/%67uides/concept', true],
    ['/Guides/Concept', true],
    ['//guides/concept', true],
    ['/%2Fguides/concept', true],
    ['/', false],
    ['/releases/2025-03', false],
  ])('%s -> %s', (path, gated) => expect(isGatedPath(path)).toBe(gated));

  it('reads search hit urls with anchors or origins', () => {
    expect(isGatedUrl('/guides/concept#rules')).toBe(true);
    expect(isGatedUrl('https://docs.veriq.io/guides/x')).toBe(true);
    expect(isGatedUrl('/helm-requirements#ports')).toBe(false);
  });
});

describe('closing the modal', () => {
  it('only hides it when logged in or when opened from the navbar or search', () => {
    expect(closeDestination({ reason: 'visit', loggedIn: true, lastOpenPath: '/x' })).toBeNull();
    expect(closeDestination({ reason: 'navbar', loggedIn: false, lastOpenPath: '/x' })).toBeNull();
    expect(closeDestination({ reason: 'search', loggedIn: false, lastOpenPath: '/x' })).toBeNull();
  });
  it('sends a logged-out visitor back to the last open page, or home', () => {
    expect(closeDestination({ reason: 'visit', loggedIn: false, lastOpenPath: '/releases/2025-03' })).toBe(
      '/releases/2025-03',
    );
    expect(closeDestination({ reason: 'visit', loggedIn: false, lastOpenPath: null })).toBe('/');
    expect(closeDestination({ reason: 'visit', loggedIn: false, lastOpenPath: '/guides/x' })).toBe('/');
    expect(closeDestination({ reason: 'visit', loggedIn: false, lastOpenPath: '//evil.example' })).toBe('/');
  });
  it.each(['/.//evil.com', '/..//evil.com', '/%2e//evil.com', '/a/..//evil.com', '/./\\evil.com', '/%5Cevil.com'])(
    'never sends the reader off the site from a stored %s',
    (lastOpenPath) => {
      const target = closeDestination({ reason: 'visit', loggedIn: false, lastOpenPath });
      expect(target).toBe('/evil.com');
      expect(new URL(target!, 'https://docs.veriq.io').origin).toBe('https://docs.veriq.io');
    },
  );
  it('does not return to a gated page in another spelling', () => {
    expect(closeDestination({ reason: 'visit', loggedIn: false, lastOpenPath: '/%67uides/concept' })).toBe('/');
  });
});

describe('pre-paint head script', () => {
  const CLIENT = 'veriq-docs';
  function run(pathname: string, idToken: string | null, clientId: string | null = CLIENT): boolean {
    const attributes = new Map<string, string>();
    runInNewContext(gateHeadScript({ alwaysLoggedIn: false, clientId }), {
      location: { pathname },
      localStorage: { getItem: () => idToken },
      atob,
      Date,
      JSON,
      Array,
      isFinite,
      decodeURIComponent,
      document: { documentElement: { setAttribute: (k: string, v: string) => attributes.set(k, v) } },
    });
    return attributes.has('data-access-gated');
  }
  /** What the React gate decides for the same inputs: gated path and no live session. */
  function reactGate(pathname: string, idToken: string | null, clientId: string | null = CLIENT): boolean {
    const storage = new MemoryStorage();
    if (idToken !== null) storage.setItem('id_token', idToken);
    return isGatedPath(pathname) && !hasLiveSession(storage, Date.now(), clientId);
  }
  const now = () => Date.now() / 1000;
  const live = token({ exp: now() + 600, aud: CLIENT });
  const expired = token({ exp: now() - CLOCK_SKEW_SECONDS - 600, aud: CLIENT });

  it('marks a gated page for a logged-out reader', () => {
    expect(run('/guides/concept', null)).toBe(true);
    expect(run('/guides/concept', expired)).toBe(true);
    expect(run('/guides/concept', 'garbage')).toBe(true);
  });
  it('leaves open pages and signed-in readers alone', () => {
    expect(run('/guides/concept', live)).toBe(false);
    expect(run('/releases/2025-03', null)).toBe(false);
    expect(run('/guidesx', null)).toBe(false);
  });
  it('hides a guide page reached through an encoded or differently cased path', () => {
    expect(run('/%67uides/concept', null)).toBe(true);
    expect(run('/Guides/concept', null)).toBe(true);
  });
  it('treats a token for another audience or over the size cap as signed out', () => {
    expect(run('/guides/concept', token({ exp: now() + 600, aud: 'other' }))).toBe(true);
    expect(run('/guides/concept', token({ exp: now() + 600, aud: CLIENT, pad: 'x'.repeat(MAX_ID_TOKEN_LENGTH) }))).toBe(
      true,
    );
  });

  const paths = [
    '/guides',
    '/guides/concept',
    '/guides/',
    '/%67uides/concept',
    '/GUIDES/concept',
    '//guides//concept',
    '/guides%2Fconcept',
    '/%E0/guides',
    '/guides/%E0',
    '/guidesx',
    '/releases/2025-03',
    '/',
  ];
  const tokens: [string, string | null][] = [
    ['none', null],
    ['live', live],
    ['live, audience array', token({ exp: now() + 600, aud: ['other', CLIENT] })],
    ['audience array with a non-string', token({ exp: now() + 600, aud: [CLIENT, 3] })],
    ['other audience', token({ exp: now() + 600, aud: 'other' })],
    ['no audience', token({ exp: now() + 600 })],
    ['expired', expired],
    ['expired within the skew', token({ exp: now() - CLOCK_SKEW_SECONDS + 30, aud: CLIENT })],
    ['exp not a number', token({ exp: String(now() + 600), aud: CLIENT })],
    ['payload an array', `a.${Buffer.from('[1]').toString('base64url')}.c`],
    ['UTF-8 claims', token({ exp: now() + 600, aud: CLIENT, name: 'Zoë 🚀' })],
    ['over the cap', token({ exp: now() + 600, aud: CLIENT, pad: 'x'.repeat(MAX_ID_TOKEN_LENGTH) })],
    [
      'at the cap',
      (() => {
        const t = token({ exp: now() + 600, aud: CLIENT, pad: '' });
        const filler = MAX_ID_TOKEN_LENGTH - t.length;
        return token({ exp: now() + 600, aud: CLIENT, pad: 'x'.repeat(Math.floor((filler * 3) / 4)) });
      })(),
    ],
    ['two segments', 'a.b'],
    ['bad base64', 'a.!!.c'],
    ['garbage', 'garbage'],
  ];
  for (const [name, idToken] of tokens) {
    it(`agrees with the React gate for a ${name} token on every path`, () => {
      for (const path of paths) {
        expect({ path, hidden: run(path, idToken) }).toEqual({ path, hidden: reactGate(path, idToken) });
      }
      expect(run('/guides/concept', idToken, null)).toBe(reactGate('/guides/concept', idToken, null));
    });
  }

  it('is omitted when everyone is treated as logged in', () => {
    expect(gateHeadScript({ alwaysLoggedIn: true, clientId: CLIENT })).toBe('');
  });
});
