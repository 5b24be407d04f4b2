import React, { type ReactNode } from 'react';
import Dialog, { DialogCloseButton, dialogAutofocus } from '../components/Dialog';
import { useAuth } from '../auth/AuthProvider';
import { LOGIN_UNAVAILABLE } from '../auth/messages';
import styles from './AccessModal.module.css';

export const ACCESS_TITLE = '🔒 Access Restricted';
export const ACCESS_TEXT = 'You must be logged in to access this section.';

export default function AccessModal({ onClose }: { onClose: () => void }): ReactNode {
  const { available, login } = useAuth();
  return (
    <Dialog labelledBy="access-modal-title" describedBy="access-modal-text" onClose={onClose}>
      <div className={styles.header}>
        <h2 id="access-modal-title" className={styles.title}>
          {ACCESS_TITLE}
        </h2>
        <DialogCloseButton onClick={onClose} />
      </div>
      <p id="access-modal-text">{ACCESS_TEXT}</p>
      <div className={styles.actions}>
        {available ? (
          // The dialog opens with focus on Login, the one action that helps, rather than on the
          // close button that comes first.
          <button ref={dialogAutofocus} type="button" className="button button--primary" onClick={login}>
            Login
          </button>
        ) : (
          <p role="status" className={styles.unavailable}>
            {LOGIN_UNAVAILABLE}
          </p>
        )}
      </div>
    </Dialog>
  );
}
