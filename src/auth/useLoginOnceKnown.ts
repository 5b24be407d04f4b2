import { useCallback, useEffect, useState } from 'react';

/**
 * The Login button's click. Until the session is read (`loggedIn` null), a tap is kept, not
 * refused, since a disabled button would drop it; once known, a kept tap signs in a reader who is
 * signed out and is dropped for one who is signed in. Why: maintainers/decisions/2026-11-27-early-input.md
 */
export function useLoginOnceKnown(loggedIn: boolean | null, login: () => void): () => void {
  const [kept, setKept] = useState(false);
  useEffect(() => {
    if (!kept || loggedIn === null) return;
    setKept(false);
    if (loggedIn === false) login();
  }, [kept, loggedIn, login]);
  return useCallback(() => {
    if (loggedIn === null) setKept(true);
    else login();
  }, [loggedIn, login]);
}
