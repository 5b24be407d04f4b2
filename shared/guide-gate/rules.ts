// Which paths and links sit behind the sign-in gate: the guides, and the gated navbar links.
import { sameOriginPath } from '../auth/redirect';
import { routerPath } from '../routing/routerPath';

export const GATED_PREFIX = '/guides';
export const LAST_OPEN_PATH_KEY = 'veriq_last_open_path';

/** True for /guides and anything under it (not for a sibling such as /guidesx). */
export function isGatedPath(pathname: string): boolean {
  const path = routerPath(pathname);
  return path === GATED_PREFIX || path.startsWith(GATED_PREFIX + '/');
}

/** A search hit's url is gated when its path is (the url may carry a hash or be absolute). */
export function isGatedUrl(url: string): boolean {
  try {
    return isGatedPath(new URL(url, 'https://same-origin.invalid').pathname);
  } catch {
    return false;
  }
}

export type GateReason = 'navbar' | 'visit' | 'search';

/**
 * Where closing the modal leads. Only a logged-out reader who landed on a gated path is moved,
 * to the last open page they read (or the home page); in every other case closing only hides.
 */
export function closeDestination(opts: {
  reason: GateReason;
  loggedIn: boolean;
  lastOpenPath: string | null;
}): string | null {
  if (opts.loggedIn || opts.reason !== 'visit') return null;
  const last = sameOriginPath(opts.lastOpenPath);
  return last && !isGatedPath(last.split(/[?#]/)[0]) ? last : '/';
}
