import React, { Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import clsx from 'clsx';
import NavbarItemShell from '@site/src/components/NavbarItemShell';
import styles from './SearchButton.module.css';
import { captureTypeahead, type Typeahead } from './typeahead';
import { isSearchShortcut } from '../early-input/rules';
import { standinTypeahead } from '../early-input/handover';

// The modal, InstantSearch and the backends load only when the reader shows search intent.
const loadModal = () => import(/* webpackChunkName: "search-modal" */ './SearchModal');
const SearchModal = React.lazy(loadModal);

/** True when a key press belongs to a field the reader is typing in. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

interface Props {
  mobile?: boolean;
  position?: 'left' | 'right';
}

/**
 * The navbar's Search button; 's', '/' and Ctrl+K (⌘K) open the modal too when the reader is not
 * typing. Before hydration the early-input script holds those keys, and what is typed after them,
 * and hands them over here (src/early-input).
 */
export default function SearchButton({ mobile }: Props): ReactNode {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const typeahead = useRef<Typeahead | null>(null);
  const show = useCallback(() => {
    // A second request before the modal mounted (a double click) replaces the first capture.
    typeahead.current?.take();
    // Before hydration the early-input stand-in's box took the typing: its text carries over.
    const captured = standinTypeahead(document) ?? captureTypeahead(document);
    typeahead.current = captured;
    // Should the modal's code fail to load, typing must not stay captured.
    loadModal().catch(() => captured.take());
    setOpen(true);
  }, []);
  const close = useCallback(() => {
    typeahead.current?.take();
    setOpen(false);
  }, []);
  const typed = useMemo(
    () => ({
      text: () => typeahead.current?.text() ?? '',
      take: () => typeahead.current?.take() ?? '',
    }),
    [],
  );

  useEffect(() => {
    if (mobile) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      if (event.defaultPrevented || isTypingTarget(event.target) || document.querySelector('dialog[open]')) return;
      event.preventDefault();
      // Focus returns here when the modal closes.
      buttonRef.current?.focus();
      show();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [mobile, show]);

  return (
    <NavbarItemShell mobile={mobile}>
      <button
        ref={buttonRef}
        type="button"
        className={clsx('button button--sm button--secondary button--outline', styles.button)}
        aria-haspopup="dialog"
        aria-keyshortcuts="s / Control+K Meta+K"
        onPointerEnter={() => void loadModal()}
        onFocus={() => void loadModal()}
        onClick={show}
      >
        <svg className={styles.icon} width="14" height="14" viewBox="0 0 20 20" aria-hidden="true">
          <path
            d="M14.386 14.386l4.088 4.088-4.088-4.088A7.533 7.533 0 1 1 3.733 3.733a7.533 7.533 0 0 1 10.653 10.653z"
            stroke="currentColor"
            fill="none"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
        <span>Search</span>
        {!mobile && (
          <kbd className={styles.kbd} aria-hidden="true">
            /
          </kbd>
        )}
      </button>
      {open && (
        <Suspense fallback={null}>
          <SearchModal onClose={close} typed={typed} />
        </Suspense>
      )}
    </NavbarItemShell>
  );
}
