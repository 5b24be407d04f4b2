// The callback route and the hand-off of the provider's fragment from the pre-paint head
// script (plugins/callback-fragment) to the callback page.
import { routerPath, ROUTER_PATH_ES5 } from '../routing/routerPath';

export const CALLBACK_PATH = '/login/callback';

/**
 * The head script moves the fragment (`#id_token=…&access_token=…`) out of the URL into this
 * window property before any other script runs, so no tag reading `location.href` can see it.
 */
export const CALLBACK_FRAGMENT_GLOBAL = '__veriqCallbackFragment';

/** True where the router renders the callback page (it matches case-insensitively, with or without a trailing slash). */
export function isCallbackPath(pathname: string): boolean {
  const path = routerPath(pathname);
  return path === CALLBACK_PATH || path === CALLBACK_PATH + '/';
}

/** isCallbackPath as an ES5 function expression, for inline head scripts. */
export const IS_CALLBACK_PATH_ES5 =
  `function(l){var p=(${ROUTER_PATH_ES5})(l);` +
  `return p===${JSON.stringify(CALLBACK_PATH)}||p===${JSON.stringify(CALLBACK_PATH + '/')}}`;

/**
 * The provider's fragment, read once: the value the head script kept, or (when it did not run,
 * e.g. a page rendered without it) the URL's own fragment.
 */
export function takeCallbackFragment(win: Window): string {
  const slot = win as unknown as Record<string, unknown>;
  const kept = slot[CALLBACK_FRAGMENT_GLOBAL];
  delete slot[CALLBACK_FRAGMENT_GLOBAL];
  return typeof kept === 'string' && kept ? kept : win.location.hash;
}
