import React, {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { isLoginAvailable, readAuthConfig, type SiteAuthConfig } from '../../shared/auth/config';
import { isLoggedIn, msUntilExpiry } from './session';
import { callbackOnOrigin, prepareLogin } from './login';
import { prepareLogout } from './logout';
import { currentPath } from '../../shared/auth/redirect';
import { closeServerSession, startServerLogin } from './serverSession';
import { runtimeAuthConfig } from './runtimeConfig';

export const AUTH_CHANGE_EVENT = 'veriq:auth-change';

export interface AuthState {
  config: SiteAuthConfig;
  available: boolean;
  /** null until the browser has read storage (server render and hydration). */
  loggedIn: boolean | null;
  login: () => void;
  logout: () => void;
}

const AuthContext = createContext<AuthState | null>(null);

// Other tabs report changes through the `storage` event, this tab through AUTH_CHANGE_EVENT,
// and a timer re-reads storage when the token expires while the page stays open. The timer is
// set again on every change, so a token stored after the page opened expires on time too.
function subscribe(onChange: () => void): () => void {
  let timer: number | undefined;
  const schedule = () => {
    window.clearTimeout(timer);
    const wait = msUntilExpiry(window.localStorage, Date.now());
    // Past 2^31-1 ms setTimeout fires at once; such a token outlives any open page anyway.
    // The session cookie expires with the token; closing it as well keeps both ends in step.
    const expire = () => void closeServerSession().finally(changed);
    if (wait !== null && wait < 2 ** 31 - 1) timer = window.setTimeout(expire, wait + 1000);
  };
  const changed = () => {
    schedule();
    onChange();
  };
  window.addEventListener('storage', changed);
  window.addEventListener(AUTH_CHANGE_EVENT, changed);
  schedule();
  return () => {
    window.removeEventListener('storage', changed);
    window.removeEventListener(AUTH_CHANGE_EVENT, changed);
    window.clearTimeout(timer);
  };
}

export function AuthProvider({ children }: { children: ReactNode }): ReactNode {
  const { siteConfig } = useDocusaurusContext();
  // The serving host's settings first (the offline bundle decides them at start-up), else the build's.
  const config = useMemo(
    () => runtimeAuthConfig() ?? readAuthConfig(siteConfig.customFields),
    [siteConfig.customFields],
  );
  // null on the server and through hydration, which must render what the server did. The first
  // read is applied in a transition: with useSyncExternalStore, a browser value that differed
  // from the server's forced a synchronous re-render of every reader of this context right after
  // hydration, one of the longest tasks of a page load on a phone. Later changes (this tab's
  // login and logout, other tabs, expiry) apply at once.
  const [loggedIn, setLoggedIn] = useState<boolean | null>(null);
  useEffect(() => {
    const read = () => isLoggedIn(config.alwaysLoggedIn, window.localStorage, Date.now(), config.clientId);
    const first = read();
    startTransition(() => setLoggedIn(first));
    return subscribe(() => setLoggedIn(read()));
  }, [config]);

  // Set when the server refuses to start a sign-in (it has no session secret, or no provider).
  const [serverRefused, setServerRefused] = useState(false);
  // Known only in the browser; until then (loggedIn null) the navbar's Login keeps a tap for
  // when it is (src/auth/useLoginOnceKnown).
  const available =
    isLoginAvailable(config) &&
    !serverRefused &&
    (loggedIn === null || callbackOnOrigin(config.callbackUrl, window.location.origin));

  const login = useCallback(() => {
    if (!isLoginAvailable(config) || !callbackOnOrigin(config.callbackUrl, window.location.origin)) return;
    // The server binds the sign-in to this browser first (server/guide-gate/session.ts), then the provider.
    void startServerLogin().then((started) => {
      if (!started.ok) {
        console.error(started.reason);
        setServerRefused(true);
        return;
      }
      window.location.assign(
        prepareLogin(
          config,
          {
            local: window.localStorage,
            session: window.sessionStorage,
            origin: window.location.origin,
            currentPath: currentPath(window.location),
          },
          started.nonce,
        ),
      );
    });
  }, [config]);

  const logout = useCallback(() => {
    const target = prepareLogout(config, window.localStorage, window.location.origin);
    window.dispatchEvent(new Event(AUTH_CHANGE_EVENT));
    // The server session ends before the provider's logout, so no guide opens in between.
    void closeServerSession().then(() => {
      if (target) window.location.assign(target);
    });
  }, [config]);

  const value = useMemo(
    () => ({ config, available, loggedIn, login, logout }),
    [config, available, loggedIn, login, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider> (src/theme/Root)');
  return value;
}
