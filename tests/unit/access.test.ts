import { describe, expect, it } from 'vitest';
import { closeDestination, isGatedPath, isGatedUrl } from '../../src/access/rules';
import { gateHeadScript } from '../../plugins/access-gate/headScript';
import { token } from './memoryStorage';
import { runInNewContext } from 'node:vm';

describe('gated paths', () => {
  it.each([
    ['/guides', true],
    ['/guides/concept', true],
    ['/guides/connections/snowflake', true],
    ['/guidesx', false],
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
});

describe('pre-paint head script', () => {
  function run(pathname: string, idToken: string | null): boolean {
    const attributes = new Map<string, string>();
    runInNewContext(gateHeadScript(false), {
      location: { pathname },
      localStorage: { getItem: () => idToken },
      atob: (s: string) => Buffer.from(s, 'base64').toString('binary'),
      Date,
      JSON,
      document: { documentElement: { setAttribute: (k: string, v: string) => attributes.set(k, v) } },
    });
    return attributes.has('data-access-gated');
  }
  const live = token({ exp: Date.now() / 1000 + 600, aud: 'c' });
  const expired = token({ exp: Date.now() / 1000 - 600, aud: 'c' });

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
  it('is omitted when everyone is treated as logged in', () => {
    expect(gateHeadScript(true)).toBe('');
  });
});
