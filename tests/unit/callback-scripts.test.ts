import { describe, expect, it, vi } from 'vitest';
import { runInNewContext } from 'node:vm';
import { callbackFragmentScript } from '../../plugins/callback-fragment';
import { DEFERRED_LOADER_GLOBAL, deferOnCallback, runDeferredLoader } from '../../plugins/tag-manager/deferOnCallback';
import { guardTagManagerTags } from '../../plugins/tag-manager';
import { CALLBACK_FRAGMENT_GLOBAL } from '../../shared/auth/callbackPath';

function fakeWindow(pathname: string, hash: string) {
  const win: Record<string, unknown> = {};
  const location = { pathname, search: '', hash };
  const history = {
    replaceState: vi.fn((_s: unknown, _t: string, url: string) => {
      location.hash = url.includes('#') ? url.slice(url.indexOf('#')) : '';
    }),
  };
  Object.assign(win, { window: win, location, history, decodeURIComponent });
  return { win, location, history };
}

describe('callback fragment head script', () => {
  it('moves the fragment out of the URL on the callback route', () => {
    for (const path of ['/login/callback', '/Login/Callback/', '/login/%63allback']) {
      const { win, location, history } = fakeWindow(path, '#id_token=a.b.c&state=s');
      runInNewContext(callbackFragmentScript(), win);
      expect(location.hash).toBe('');
      expect(history.replaceState).toHaveBeenCalledWith(null, '', path);
      expect(win[CALLBACK_FRAGMENT_GLOBAL]).toBe('#id_token=a.b.c&state=s');
    }
  });
  it('leaves every other page, and its anchor, alone', () => {
    const { win, location, history } = fakeWindow('/guides/concept', '#rules');
    runInNewContext(callbackFragmentScript(), win);
    expect(location.hash).toBe('#rules');
    expect(history.replaceState).not.toHaveBeenCalled();
    expect(CALLBACK_FRAGMENT_GLOBAL in win).toBe(false);
  });
});

describe('tag manager kept off the callback page', () => {
  const loader = 'window.loaded=(window.loaded||0)+1;';
  function runLoader(pathname: string) {
    const { win } = fakeWindow(pathname, '');
    runInNewContext(deferOnCallback(loader), win);
    return win;
  }
  it('loads at once on other pages', () => {
    const win = runLoader('/releases/2025-03');
    expect(win.loaded).toBe(1);
    expect(DEFERRED_LOADER_GLOBAL in win).toBe(false);
  });
  it('parks the loader on the callback page and runs it once the reader has left', () => {
    const win = runLoader('/login/callback');
    expect(win.loaded).toBeUndefined();
    runDeferredLoader(win as unknown as Window, '/login/callback');
    expect(win.loaded).toBeUndefined();
    runDeferredLoader(win as unknown as Window, '/guides/concept');
    expect(win.loaded).toBe(1);
    runDeferredLoader(win as unknown as Window, '/releases/2025-03');
    expect(win.loaded).toBe(1);
  });
  it("guards exactly the official plugin's loader script", () => {
    const tags = [
      { tagName: 'link', attributes: { rel: 'preconnect', href: 'https://www.googletagmanager.com' } },
      { tagName: 'script', innerHTML: 'window.dataLayer = window.dataLayer || [];' },
      { tagName: 'script', innerHTML: "j.src='https://www.googletagmanager.com/gtm.js?id='+i" },
    ];
    const guarded = guardTagManagerTags(tags);
    expect(guarded.slice(0, 2)).toEqual(tags.slice(0, 2));
    expect(guarded[2]).toEqual({ tagName: 'script', innerHTML: deferOnCallback(tags[2].innerHTML!) });
    expect(() => guardTagManagerTags(tags.slice(0, 2))).toThrow(/expected one GTM loader/);
  });
});
