import React, { useEffect, useState, type ReactNode } from 'react';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import Heading from '@theme/Heading';
import { useHistory } from '@docusaurus/router';
import { useAuth, AUTH_CHANGE_EVENT } from '@site/src/auth/AuthProvider';
import { completeLogin, type CallbackResult } from '@site/src/auth/callback';
import { takeCallbackFragment } from '@site/shared/auth/callbackPath';
import { navigationTarget } from '@site/shared/auth/redirect';
import { openSessionAfterLogin } from '@site/src/auth/serverSession';
import styles from './callback.module.css';

/**
 * /login/callback: the provider returns here with the tokens in the URL fragment. Rendered
 * without the docs layout; it only shows progress or an error.
 */
export default function LoginCallback(): ReactNode {
  const { config, available, login } = useAuth();
  const history = useHistory();
  const [result, setResult] = useState<CallbackResult | null>(null);

  useEffect(() => {
    // The head script (plugins/callback-fragment) has already taken the fragment out of the URL;
    // this covers a render without it. Tokens must not linger in the address bar or history.
    const hash = takeCallbackFragment(window);
    window.history.replaceState(null, '', window.location.pathname);
    const outcome = config.clientId
      ? completeLogin(hash, {
          local: window.localStorage,
          session: window.sessionStorage,
          clientId: config.clientId,
          nowMs: Date.now(),
        })
      : ({ kind: 'rejected', reason: 'Sign-in is not configured for this site.' } as const);
    // The outcome depends on the URL fragment, which only exists in the browser: it cannot be
    // computed during render (the server renders this page too), so the effect stores it once.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setResult(outcome);
    if (outcome.kind === 'success') {
      // The guides open only once the server holds the session (server/guide-gate/session.ts); it checks the
      // token's nonce against the sign-in cookie it set for this browser.
      void openSessionAfterLogin(window.localStorage).then((opened) => {
        window.dispatchEvent(new Event(AUTH_CHANGE_EVENT));
        // Checked again against this page's origin: the router must never be handed another origin.
        if (opened.ok) history.replace(navigationTarget(outcome.redirectTo, window.location.origin));
        else setResult({ kind: 'rejected', reason: opened.reason });
      });
    }
    // Runs once per visit: the fragment is consumed on the first pass.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <main className={styles.main}>
      <Head>
        <title>Signing in | Veriq Documentation</title>
        <meta name="robots" content="noindex" />
        <meta
          name="description"
          content="Completes sign-in to the Veriq documentation and returns you to the page you were reading."
        />
      </Head>
      {result === null || result.kind === 'success' ? (
        <p role="status">Signing you in…</p>
      ) : (
        <div role="alert" className={styles.card}>
          <Heading as="h1" className={styles.title}>
            Sign-in did not complete
          </Heading>
          <p>
            {result.kind === 'provider-error' ? `The identity provider answered: ${result.description}` : result.reason}
          </p>
          <p>Nothing was stored. You can try again, or go back to the documentation.</p>
          <div className={styles.actions}>
            {available && (
              <button type="button" className="button button--primary" onClick={login}>
                Login again
              </button>
            )}
            <Link className="button button--secondary" to="/">
              Back to the documentation
            </Link>
          </div>
        </div>
      )}
    </main>
  );
}
