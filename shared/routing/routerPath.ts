// How the router sees a pathname, for the checks that must agree with what it renders: the
// /guides gate and the callback page. The pre-paint head scripts (plugins/guide-gate,
// plugins/callback-fragment) run before any bundle, so they embed ROUTER_PATH_ES5, the same
// steps in ES5; tests/unit run both on the same inputs.

/**
 * A pathname as the router matches it: percent-decoded (the router decodes before matching, so
 * `/%67uides/x` renders the guides page), repeated slashes collapsed, and lower-cased (React
 * Router matches routes case-insensitively, so `/Guides/x` renders it too).
 */
export function routerPath(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A malformed escape stays as it is; the prefix before it is still compared.
  }
  return decoded.replace(/\/{2,}/g, '/').toLowerCase();
}

/** routerPath as an ES5 function expression, for inline head scripts. */
export const ROUTER_PATH_ES5 =
  'function(p){try{p=decodeURIComponent(p)}catch(e){}return p.replace(/\\/{2,}/g,"/").toLowerCase()}';
