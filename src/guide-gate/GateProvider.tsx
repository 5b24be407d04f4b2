import React, {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { useHistory, useLocation } from '@docusaurus/router';
import useIsomorphicLayoutEffect from '@docusaurus/useIsomorphicLayoutEffect';
import { useAuth } from '../auth/AuthProvider';
import { isLoggedIn } from '../auth/session';
import { navigationTarget } from '../../shared/auth/redirect';
import { closeDestination, isGatedPath, LAST_OPEN_PATH_KEY, type GateReason } from '../../shared/guide-gate/rules';
import { GATED_ATTRIBUTE } from '../../shared/guide-gate/gatedAttribute';
// Most readers never see the modal; keep it (and the dialog code) out of every page's first load.
const AccessModal = lazy(() => import('./AccessModal'));

export interface Gate {
  /** Opens the modal and returns true when a logged-out reader must not go on. */
  block: (reason: GateReason) => boolean;
}

const GateContext = createContext<Gate | null>(null);

export function GateProvider({ children }: { children: ReactNode }): ReactNode {
  const { loggedIn, config } = useAuth();
  const location = useLocation();
  const history = useHistory();
  const [reason, setReason] = useState<GateReason | null>(null);
  const onGatedPath = isGatedPath(location.pathname);

  // Runs before paint (the framework's server-safe layout effect) so a client navigation to
  // /guides never shows the article first.
  useIsomorphicLayoutEffect(() => {
    const root = document.documentElement;
    if (onGatedPath && loggedIn === false) {
      root.setAttribute(GATED_ATTRIBUTE, '');
      setReason('visit');
    } else if (loggedIn !== null) {
      root.removeAttribute(GATED_ATTRIBUTE);
      if (!onGatedPath) {
        window.sessionStorage.setItem(LAST_OPEN_PATH_KEY, location.pathname + location.search + location.hash);
      }
      setReason((current) => (current === 'visit' ? null : current));
    }
  }, [onGatedPath, loggedIn, location.pathname, location.search, location.hash]);

  const block = useCallback(
    (why: GateReason) => {
      // Right after hydration the session is read in a transition (AuthProvider): a click in
      // between (a tap held since the first paint, src/early-input) reads storage itself, or a
      // signed-out reader would follow the link.
      const signedIn = loggedIn ?? isLoggedIn(config.alwaysLoggedIn, window.localStorage, Date.now(), config.clientId);
      if (signedIn) return false;
      setReason(why);
      return true;
    },
    [loggedIn, config],
  );

  const close = useCallback(() => {
    const target = closeDestination({
      reason: reason ?? 'navbar',
      loggedIn: loggedIn === true,
      lastOpenPath: window.sessionStorage.getItem(LAST_OPEN_PATH_KEY),
    });
    setReason(null);
    if (target) history.push(navigationTarget(target, window.location.origin));
  }, [reason, loggedIn, history]);

  const gate = useMemo(() => ({ block }), [block]);
  return (
    <GateContext.Provider value={gate}>
      {children}
      {reason !== null && (
        <Suspense fallback={null}>
          <AccessModal onClose={close} />
        </Suspense>
      )}
    </GateContext.Provider>
  );
}

export function useGate(): Gate {
  const gate = useContext(GateContext);
  if (!gate) throw new Error('useGate must be used inside <GateProvider> (src/theme/Root)');
  return gate;
}
