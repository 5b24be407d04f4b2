import React, { useEffect, useRef, type ReactNode } from 'react';
import clsx from 'clsx';
import { useEvent } from '@docusaurus/theme-common';
import styles from './styles.module.css';
import { focusReturnTarget } from '../../early-input/handover';

interface Props {
  labelledBy: string;
  describedBy?: string;
  onClose: () => void;
  className?: string;
  children: ReactNode;
}

/** The × button every dialog header uses; its accessible name is "Close". */
export function DialogCloseButton({ onClick }: { onClick: () => void }): ReactNode {
  return (
    <button type="button" className={styles.close} aria-label="Close" onClick={onClick}>
      ×
    </button>
  );
}

/**
 * The ref that makes an element the one a dialog focuses when it opens. The HTML attribute
 * itself: React's autoFocus only calls focus() at commit, before the effect below runs
 * showModal(), while the dialog is still closed, so focus went to its first control instead.
 */
export function dialogAutofocus(element: HTMLElement | null): void {
  element?.setAttribute('autofocus', '');
}

/**
 * A modal on the native <dialog>: showModal() gives the top layer, an inert page behind it
 * (so focus stays inside), Escape handling and focus return to the opener when it closes.
 * A click on the backdrop lands on the <dialog> element itself, which closes it too.
 */
export default function Dialog({ labelledBy, describedBy, onClose, className, children }: Props): ReactNode {
  const ref = useRef<HTMLDialogElement>(null);
  // Stable across renders, so the effect below opens the dialog once and still calls the latest onClose.
  const close = useEvent(onClose);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return undefined;
    // Before hydration a stand-in may hold focus: its opener is where focus goes back.
    const opener = focusReturnTarget(document.activeElement);
    if (!dialog.open) dialog.showModal();
    const onCancel = (event: Event) => {
      event.preventDefault();
      close();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      if (dialog.open) dialog.close();
      opener?.focus();
    };
  }, [close]);

  return (
    // Escape reaches the dialog as its native `cancel` event (handled above), so the backdrop
    // click is the pointer twin of a key that already works, not a mouse-only action.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      className={clsx(styles.dialog, className)}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
    >
      <div className={styles.panel}>{children}</div>
    </dialog>
  );
}
