import { GATED_ATTRIBUTE } from '../../shared/guide-gate/gatedAttribute';
import { GATED_PREFIX } from '../../shared/guide-gate/rules';
import { ID_TOKEN_KEY } from '../../shared/auth/storageKeys';
import { CLOCK_SKEW_SECONDS, MAX_ID_TOKEN_LENGTH } from '../../shared/auth/token';
import { ROUTER_PATH_ES5 } from '../../shared/routing/routerPath';

export interface GateHeadScriptOptions {
  alwaysLoggedIn: boolean;
  /** The site's client id; a token for another audience counts as signed out. */
  clientId: string | null;
}

/**
 * A tiny <head> script that marks <html> before first paint when a logged-out reader opens a
 * /guides page, so the pre-rendered article is hidden (not removed) until the modal shows: the
 * React gate's path and token rules in ES5, from the same constants. Unit tests run both alike.
 */
export function gateHeadScript(options: GateHeadScriptOptions): string {
  if (options.alwaysLoggedIn) return '';
  const prefix = JSON.stringify(GATED_PREFIX);
  return (
    '(function(){try{' +
    `var p=(${ROUTER_PATH_ES5})(location.pathname);` +
    `if(p!==${prefix}&&p.indexOf(${prefix}+"/")!==0)return;` +
    `var id=${JSON.stringify(options.clientId)};` +
    `var t=localStorage.getItem(${JSON.stringify(ID_TOKEN_KEY)});` +
    `if(id!==null&&t&&t.length<=${MAX_ID_TOKEN_LENGTH}){var s=t.split(".");` +
    'if(s.length===3&&/^[A-Za-z0-9_-]+$/.test(s[1])){' +
    'var c=JSON.parse(atob(s[1].replace(/-/g,"+").replace(/_/g,"/")));' +
    'if(c&&typeof c==="object"&&!Array.isArray(c)&&typeof c.exp==="number"&&isFinite(c.exp)){' +
    'var a=c.aud,ok=a===id;' +
    'if(Array.isArray(a)){ok=false;for(var i=0;i<a.length;i++){if(typeof a[i]!=="string"){ok=false;break}if(a[i]===id)ok=true}}' +
    `if(ok&&(c.exp+${CLOCK_SKEW_SECONDS})*1000>Date.now())return;}}}` +
    `}catch(e){}document.documentElement.setAttribute(${JSON.stringify(GATED_ATTRIBUTE)},"");})();`
  );
}
