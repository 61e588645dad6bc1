/**
 * The wizard's frame while saved progress is being checked (the schema that checks it loads on
 * demand): the card, its progress bar and heading as placeholders, and no question, so nothing
 * from step 1 shows before the visitor's own step. It holds the space of a step, so the page does
 * not jump when the step arrives. If the check cannot load, it says so and offers to try again
 * (the saved answers are kept) or to start again.
 */
import { observer } from 'mobx-react-lite';
import { useRef } from 'react';
import type { SavingsCheckerStore } from '../checker/SavingsCheckerStore';
import styles from './Wizard.module.css';

export const SAVED_PROGRESS_LOADING = 'Loading your saved answers…';

export const SavedProgressFrame = observer(function SavedProgressFrame({
  store,
  onVisitorAction,
}: {
  store: SavingsCheckerStore;
  /** The visitor pressed try again or start again: the step (or results) that follows takes the focus. */
  onVisitorAction: () => void;
}) {
  const frame = useRef<HTMLElement>(null);
  const failed = store.restoreStatus === 'failed';

  const act = (action: () => void) => {
    onVisitorAction();
    // The pressed button goes away: keep the focus in the frame until the step takes it.
    frame.current?.focus();
    action();
  };

  return (
    <section
      ref={frame}
      className={`${styles.wizard} ${styles.restoring}`}
      aria-label="Your saved answers"
      aria-busy={!failed}
      tabIndex={-1}
      data-restore-status={store.restoreStatus}
    >
      <div className={styles.progress} aria-hidden="true">
        <p className={`${styles.stepCount} ${styles.placeholderText}`}>
          <span className={styles.skeleton} />
        </p>
        <div className={styles.bar} />
      </div>
      <div className={styles.headingPlaceholder} aria-hidden="true">
        <span className={styles.skeleton} />
      </div>
      {failed ? (
        <p role="alert" className={styles.note}>
          Your saved answers could not load. Please check your connection and{' '}
          <button type="button" className={styles.linkButton} onClick={() => act(() => void store.retryRestore())}>
            try again
          </button>
          , or{' '}
          <button type="button" className={styles.linkButton} onClick={() => act(() => store.discardSaved())}>
            start again
          </button>{' '}
          <span className={styles.hint}>(clears your answers)</span>.
        </p>
      ) : (
        <p role="status" className="visually-hidden">
          {SAVED_PROGRESS_LOADING}
        </p>
      )}
    </section>
  );
});
