import React, { type ReactNode } from 'react';
import clsx from 'clsx';
import { useAuth } from '@site/src/auth/AuthProvider';
import { useLoginOnceKnown } from '@site/src/auth/useLoginOnceKnown';
import { LOGIN_UNAVAILABLE } from '@site/src/auth/messages';
import NavbarItemShell from '@site/src/components/NavbarItemShell';
import styles from './styles.module.css';

interface Props {
  mobile?: boolean;
  position?: 'left' | 'right';
}

/** Login or Logout in the navbar; the unavailable message when sign-in is not configured. */
export default function AuthNavbarItem({ mobile }: Props): ReactNode {
  const { available, loggedIn, login, logout } = useAuth();
  const onLogin = useLoginOnceKnown(loggedIn, login);

  if (loggedIn === true) {
    return (
      <NavbarItemShell mobile={mobile}>
        <button
          type="button"
          className={clsx('button button--sm button--outline button--secondary', styles.button)}
          onClick={logout}
        >
          Logout
        </button>
      </NavbarItemShell>
    );
  }
  if (!available && loggedIn === false) {
    return (
      <NavbarItemShell mobile={mobile}>
        <span className={styles.unavailable} role="status">
          {LOGIN_UNAVAILABLE}
        </span>
      </NavbarItemShell>
    );
  }
  return (
    <NavbarItemShell mobile={mobile}>
      <button
        type="button"
        className={clsx('button button--sm button--primary', styles.button)}
        onClick={onLogin}
        // Until the session is read, a tap is kept and acted on once it is (useLoginOnceKnown).
        aria-disabled={loggedIn === null || undefined}
      >
        Login
      </button>
    </NavbarItemShell>
  );
}
