import React, { type ReactNode } from 'react';
import clsx from 'clsx';
import styles from './styles.module.css';

/**
 * The box a custom navbar item that is not a link (Search, Login/Logout) sits in: a flex
 * `navbar__item` in the top bar, a padded `menu__list-item` in the mobile menu.
 */
export default function NavbarItemShell({ mobile, children }: { mobile?: boolean; children: ReactNode }): ReactNode {
  return (
    <div className={mobile ? clsx('menu__list-item', styles.mobile) : clsx('navbar__item', styles.item)}>
      {children}
    </div>
  );
}
