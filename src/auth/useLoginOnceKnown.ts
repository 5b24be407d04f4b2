import { useCallback, useEffect, useState } from 'react';

/**
 * The Login button's click. Until the session is read (`loggedIn` null, after hydration, in a
 * transition that takes seconds on a slow phone), a tap is kept rather than refused: a disabled
 * button drops it (issue #33). Once the session is known, a kept tap signs in a reader who is
 * signed out, and is dropped for one who turns out to be signed in (Logout has replaced Login).
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
