// Keeps Google Tag Manager off the login callback page. Shared by the build-time plugin
// (index.ts), which rewrites the loader snippet, and the browser client module (client.ts),
// which runs the deferred loader once the reader has left the callback page.
import { IS_CALLBACK_PATH_ES5, isCallbackPath } from '../../shared/auth/callbackPath';

/** Where the guarded snippet parks the loader on the callback page. */
export const DEFERRED_LOADER_GLOBAL = '__veriqLoadTagManager';

/**
 * Wraps the container loader so it does not run on the callback page: there it is kept in a
 * window property instead, and runs after the callback has sent the reader on.
 */
export function deferOnCallback(loader: string): string {
  return (
    `(function(){function load(){${loader}}` +
    `if((${IS_CALLBACK_PATH_ES5})(location.pathname))window[${JSON.stringify(DEFERRED_LOADER_GLOBAL)}]=load;` +
    'else load();})();'
  );
}

/** Runs the parked loader once the current route is no longer the callback page. */
export function runDeferredLoader(win: Window, pathname: string): void {
  const slot = win as unknown as Record<string, unknown>;
  const load = slot[DEFERRED_LOADER_GLOBAL];
  if (typeof load !== 'function' || isCallbackPath(pathname)) return;
  delete slot[DEFERRED_LOADER_GLOBAL];
  (load as () => void)();
}
