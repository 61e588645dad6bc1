/**
 * Shown instead of a drawer or the modal when its code could not be fetched (see lazyPart.ts): the
 * shared "could not be loaded" message with its Retry, and a Close. It takes focus so a keyboard
 * user is told and can act at once; Escape closes it, and focus goes back where it was.
 */
import { useLayoutEffect, useRef } from 'react';
import { RemoteUnavailable } from '@copytech/shared';
import type { LazyPartState } from '../lazyPart';
import styles from './OverlayLoadFailure.module.css';

export function OverlayLoadFailure({ label, state, onClose }: { label: string; state: LazyPartState<unknown>; onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  // A layout effect, like the dialogs' (useDialogFocus): focus goes back to the opener before a
  // dialog that replaces this notice (Retry) takes note of where focus was.
  useLayoutEffect(() => {
    const notice = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    notice?.focus({ preventScroll: true });
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCloseRef.current();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      const active = document.activeElement;
      if (!active || active === document.body || notice?.contains(active)) opener?.focus({ preventScroll: true });
    };
  }, []);

  return (
    <div ref={ref} className={styles.notice} tabIndex={-1} data-testid="overlay-load-failure">
      <RemoteUnavailable label={label} onRetry={state.retry} retrying={state.retrying} compact />
      <button type="button" className={styles.close} onClick={onClose}>
        Close
      </button>
    </div>
  );
}
