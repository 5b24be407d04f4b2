// Builds the early-input head script from the source text of install.ts and rules.ts, so what
// runs in <head> is the code the unit tests call. Inline scripts are allowed by hash
// (config/hosting.ts); plugins/hosting-headers collects this one from the built HTML like the
// others, and it is the same text on every page of a build.
import { GATED_LINK_ATTRIBUTE } from './guideGateLink';
import { installEarlyInput } from './install';
import {
  disabledButton,
  hasAcceptedToken,
  heldControl,
  isSearchShortcut,
  isTypingKey,
  isTypingTarget,
  type EarlyInputConfig,
} from './rules';

/** The window property the stand-ins attach through (src/early-input/standins.ts). */
export const STANDINS_HOOK = '__veriqEarlyInput';

/** The attribute the script sets on <html> while it holds input (the count held). */
export const PENDING_ATTRIBUTE = 'data-early-input';

/**
 * Controls whose native click does nothing (or the wrong thing) before hydration: buttons, tabs,
 * sidebar categories without a page, the theme's Details summary, the gated navbar links. Plain
 * links and a plain `<details>` work as they are. Why each: maintainers/decisions/2026-11-27-early-input.md
 */
export const HELD_CONTROLS = [
  'button',
  '[role="button"]',
  '[role="tab"]',
  'details[data-collapsed] > summary',
  'a.menu__link--sublist-caret',
  `a[${GATED_LINK_ATTRIBUTE}]`,
].join(',');

export type EarlyInputOptions = Pick<EarlyInputConfig, 'idTokenKey' | 'clientId' | 'alwaysSignedIn'> &
  Pick<EarlyInputConfig, 'maxIdTokenLength' | 'clockSkewSeconds'>;

export function earlyInputConfig(options: EarlyInputOptions): EarlyInputConfig {
  return {
    controls: HELD_CONTROLS,
    gatedLink: GATED_LINK_ATTRIBUTE,
    hydrated: 'data-has-hydrated',
    pending: PENDING_ATTRIBUTE,
    hook: STANDINS_HOOK,
    // A control the app enables in an effect after hydration is waited for this long. (Login is
    // never disabled: until the session is read it keeps a tap itself, src/auth/useLoginOnceKnown.)
    enableWaitMs: 10_000,
    ...options,
  };
}

const RULES = { heldControl, disabledButton, isSearchShortcut, isTypingTarget, isTypingKey, hasAcceptedToken };

/**
 * The source without its comment lines and indentation (the page carries it on every load). Lines
 * stay lines, so no statement runs into the next; the functions hold no multi-line string.
 */
export function compact(source: string): string {
  return source
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('//'))
    .join('\n');
}

export function earlyInputScript(options: EarlyInputOptions): string {
  const rules = Object.entries(RULES)
    .map(([name, fn]) => `${name}:${compact(fn.toString())}`)
    .join(',');
  const script = `(function(){try{(${compact(installEarlyInput.toString())})(window,${JSON.stringify(earlyInputConfig(options))},{${rules}})}catch(e){}})();`;
  // A transpiler that wraps functions in helpers (esbuild's keepNames adds `__name(…)`) would leave
  // names the page does not define; better to fail the build than to ship a script that throws.
  if (/\b__name\(|\brequire\(|\b_objectSpread|\b__spreadValues/.test(script)) {
    throw new Error('The early-input script depends on a transpiler helper; see src/early-input/script.ts.');
  }
  return script;
}
