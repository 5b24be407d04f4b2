import { GATED_ATTRIBUTE } from '../../src/access/gatedAttribute';
import { GATED_PREFIX } from '../../src/access/rules';
import { ID_TOKEN_KEY } from '../../src/auth/storageKeys';

/**
 * A tiny script for <head> that marks <html> before first paint when a logged-out reader opens
 * a /guides page, so the pre-rendered article is hidden (not removed) until the modal shows.
 * It repeats the token-expiry rule of src/auth/token.ts in ES5; the unit tests run both on the
 * same tokens to keep them in step.
 */
export function gateHeadScript(alwaysLoggedIn: boolean): string {
  if (alwaysLoggedIn) return '';
  const prefix = JSON.stringify(GATED_PREFIX);
  return (
    '(function(){try{var p=location.pathname;' +
    `if(p!==${prefix}&&p.indexOf(${prefix}+"/")!==0)return;` +
    `var t=localStorage.getItem(${JSON.stringify(ID_TOKEN_KEY)});` +
    'if(t){var s=t.split(".");if(s.length===3){' +
    'var c=JSON.parse(atob(s[1].replace(/-/g,"+").replace(/_/g,"/")));' +
    'if(c&&typeof c.exp==="number"&&c.exp*1000>Date.now())return;}}' +
    `}catch(e){}document.documentElement.setAttribute(${JSON.stringify(GATED_ATTRIBUTE)},"");})();`
  );
}
