// The decisions of the early-input script (src/early-input/install.ts): which tap or key the page
// cannot act on before hydration, and so must hold and hand over. Each function is
// self-contained (no imports, no outer names, plain ES2017) because the script is built from their
// source text (script.ts) and runs in <head> before any bundle; the unit tests call them directly.

/** What the rules read of an element (a DOM Element in the browser, a stand-in in the tests). */
export interface ElementLike {
  tagName: string;
  isContentEditable?: boolean;
  disabled?: boolean;
  closest(selector: string): ElementLike | null;
  hasAttribute(name: string): boolean;
}

export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/** What the script needs to know about the page, fixed at build time. */
export interface EarlyInputConfig {
  /** The controls whose click only the app can act on (their native click does nothing useful). */
  controls: string;
  /** The attribute marking a navbar link that a signed-out reader may not follow. */
  gatedLink: string;
  /** The attribute Docusaurus sets on <html> once the app has hydrated. */
  hydrated: string;
  /** The window property through which the stand-ins (standins.ts) attach to the script. */
  hook: string;
  /** Set on <html> while taps or keys are held, so a test (and CSS) can see it. */
  pending: string;
  /** How long a held tap waits for its control to be enabled after hydration (a state update). */
  enableWaitMs: number;
  /** Storage key of the id token, and the token rule of shared/auth/token.ts. */
  idTokenKey: string;
  clientId: string | null;
  alwaysSignedIn: boolean;
  maxIdTokenLength: number;
  clockSkewSeconds: number;
}

/**
 * The control a click on `target` belongs to, when the page must hold that click until it has
 * hydrated; null when the browser's own handling is right (a plain link, a field) or it is no
 * control. A gated navbar link is held only for a signed-out reader (the app shows the modal).
 */
export function heldControl(
  target: ElementLike | null,
  config: Pick<EarlyInputConfig, 'controls' | 'gatedLink'>,
  signedIn: () => boolean,
): ElementLike | null {
  const control = target && typeof target.closest === 'function' ? target.closest(config.controls) : null;
  if (!control) return null;
  if (control.hasAttribute(config.gatedLink) && signedIn()) return null;
  return control;
}

/** The disabled button a pointer went down or up on (disabled buttons get no click event). */
export function disabledButton(target: ElementLike | null): ElementLike | null {
  const button = target && typeof target.closest === 'function' ? target.closest('button') : null;
  return button && button.disabled ? button : null;
}

/** True for the search shortcuts: `s` and `/` alone, or Ctrl+K / ⌘K. */
export function isSearchShortcut(event: KeyLike): boolean {
  if (event.altKey) return false;
  if (event.ctrlKey || event.metaKey) return event.key === 'k' || event.key === 'K';
  return event.key === 's' || event.key === '/';
}

/** True when a key press belongs to a field the reader is typing in. */
export function isTypingTarget(target: ElementLike | null): boolean {
  if (!target || typeof target.tagName !== 'string') return false;
  if (target.isContentEditable) return true;
  return target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT';
}

/** True for a key that types into a search box (a printable character or Backspace). */
export function isTypingKey(event: KeyLike): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey) return false;
  // Printable keys have a one-character name (a code point, so astral letters count once).
  return event.key === 'Backspace' || Array.from(event.key).length === 1;
}

/**
 * Whether the stored id token is accepted: the rule of shared/auth/token.ts (`isAcceptedToken` of
 * `decodeIdToken`) without a TextDecoder, since only `exp` and `aud` are read; the unit tests run
 * both on the same tokens.
 */
export function hasAcceptedToken(
  token: string | null,
  config: Pick<EarlyInputConfig, 'clientId' | 'maxIdTokenLength' | 'clockSkewSeconds'>,
  nowMs: number,
): boolean {
  const id = config.clientId;
  if (id === null || !token || token.length > config.maxIdTokenLength) return false;
  const parts = token.split('.');
  if (parts.length !== 3 || !/^[A-Za-z0-9_-]+$/.test(parts[1])) return false;
  try {
    const claims: unknown = JSON.parse(atob(parts[1].replace(/-/g, '+').replace(/_/g, '/')));
    if (!claims || typeof claims !== 'object' || Array.isArray(claims)) return false;
    const { exp, aud } = claims as { exp?: unknown; aud?: unknown };
    if (typeof exp !== 'number' || !isFinite(exp)) return false;
    const audOk = Array.isArray(aud) ? aud.every((a) => typeof a === 'string') && aud.indexOf(id) >= 0 : aud === id;
    return audOk && (exp + config.clockSkewSeconds) * 1000 > nowMs;
  } catch {
    return false;
  }
}
