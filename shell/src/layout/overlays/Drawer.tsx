/**
 * A slide-in panel over an overlay: a modal dialog with a name, that takes focus when it opens,
 * keeps it while open and gives it back when it closes. Escape, the close button and a click on
 * the overlay all close it. Mount it to open it; unmount it to close it.
 */
import { useId, useRef, type ReactNode } from 'react';
import { useDialogFocus } from '../a11y/useDialogFocus';
import { CloseIcon } from './CloseIcon';
import styles from './Drawer.module.css';

export interface DrawerProps {
  id: string;
  /** The dialog's accessible name, shown as its heading unless titleHidden. */
  title: string;
  /** For content that brings its own visible heading (a remote's drawer). */
  titleHidden?: boolean;
  side: 'left' | 'right';
  /** 'wide' on large screens, for content that compares side by side (the basket). */
  size?: 'normal' | 'wide';
  onClose: () => void;
  children: ReactNode;
}

export function Drawer({ id, title, titleHidden = false, side, size = 'normal', onClose, children }: DrawerProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = `${useId()}-title`;
  useDialogFocus(panelRef, onClose);

  return (
    <div className={styles.root} data-drawer={id}>
      <div className={styles.overlay} onClick={onClose} aria-hidden="true" data-testid="drawer-overlay" />
      <div
        ref={panelRef}
        id={id}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleHidden ? undefined : titleId}
        aria-label={titleHidden ? title : undefined}
        tabIndex={-1}
        className={`${styles.panel} ${side === 'left' ? styles.left : styles.right} ${size === 'wide' ? styles.wide : ''}`}
      >
        <div className={titleHidden ? `${styles.head} ${styles.headBare}` : styles.head}>
          {titleHidden ? null : (
            <h2 id={titleId} className={styles.title}>
              {title}
            </h2>
          )}
          <button type="button" className={styles.close} onClick={onClose} aria-label={`Close ${title.toLowerCase()}`}>
            <CloseIcon />
          </button>
        </div>
        <div className={styles.body}>{children}</div>
      </div>
    </div>
  );
}
