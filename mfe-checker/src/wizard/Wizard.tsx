/**
 * The wizard: progress ("Step 2 of 4": the sections of steps.ts, and a bar), the step's heading (focused on every step
 * change, so a screen reader announces where the visitor is), one question group, Back and
 * Next. Next checks the step; problems are shown beside their questions and the first one is
 * focused. The results follow the last step.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useCssomStyle } from '@copytech/shared';
import type { SavingsCheckerStore } from '../checker/SavingsCheckerStore';
import { STEPS, type StepId } from '../checker/steps';
import { preloadResults } from '../results/LazyResults';
import { ShowAllMessages } from './fields';
import { StepQuestions } from './StepQuestions';
import styles from './Wizard.module.css';

export const Wizard = observer(function Wizard({ store, focusOnMount = false }: { store: SavingsCheckerStore; focusOnMount?: boolean }) {
  const step = store.currentStep as StepId;
  const heading = useHeadingFocusOnStep(step, focusOnMount);
  const form = useRef<HTMLFormElement>(null);
  const [showMessagesFor, setShowMessagesFor] = useState<StepId | null>(null);
  const [focusInvalid, setFocusInvalid] = useState(0);

  // The last step: fetch the results' code now, so "See my results" shows them at once.
  useEffect(() => {
    if (step === 'check') preloadResults();
  }, [step]);

  useEffect(() => {
    if (!focusInvalid) return;
    form.current?.querySelector<HTMLElement>('[data-invalid-text="true"], [aria-invalid="true"]')?.focus();
  }, [focusInvalid]);

  const showing = showMessagesFor === step;
  const errors = showing ? store.errorsFor(step) : {};
  const isLast = step === 'check';

  const onNext = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typedWrong = form.current?.querySelector('[data-invalid-text="true"]');
    const problems = store.errorsFor(step);
    if (typedWrong || Object.keys(problems).length > 0) {
      setShowMessagesFor(step);
      setFocusInvalid((n) => n + 1);
      return;
    }
    setShowMessagesFor(null);
    store.next();
  };

  return (
    <section className={styles.wizard} aria-labelledby="checker-step-heading" data-step={step}>
      <Progress number={store.stepNumber} count={store.stepCount} title={STEPS[step].title} />

      <h2 id="checker-step-heading" className={styles.heading} tabIndex={-1} ref={heading}>
        {STEPS[step].title}
      </h2>

      {/* Shown only without JavaScript (the stylesheet), in place of a form whose Next could not work. */}
      <p className={styles.noScript} data-testid="checker-needs-javascript">
        The savings checker works your figures out in your browser, so it needs JavaScript. Turn it on and reload this page, or{' '}
        <a href="/contact-us">contact us</a> and we will work them out with you.
      </p>

      <form ref={form} className={styles.form} noValidate onSubmit={onNext} aria-labelledby="checker-step-heading">
        <ShowAllMessages.Provider value={showing}>
          {/* keyed by step: each step's fields start from the stored answers */}
          <StepQuestions key={step} step={step} store={store} errors={errors} />
        </ShowAllMessages.Provider>
        {showing && Object.keys(errors).length > 0 ? (
          <p className={styles.summary} role="alert">
            Please answer the question{Object.keys(errors).length > 1 ? 's' : ''} marked above.
          </p>
        ) : null}
        <div className={styles.nav}>
          {store.stepIndex > 0 ? (
            <button type="button" className={styles.secondary} onClick={() => store.back()}>
              Back
            </button>
          ) : null}
          <button type="submit" className={styles.primary}>
            {isLast ? 'See my results' : 'Next'}
          </button>
        </div>
      </form>
      {store.stepIndex > 0 ? (
        <p className={styles.restart}>
          <button type="button" className={styles.linkButton} onClick={() => store.reset()}>
            Start again
          </button>{' '}
          <span className={styles.hint}>(clears your answers)</span>
        </p>
      ) : null}
    </section>
  );
});

/**
 * The heading to focus when the step changes (so a screen reader announces where the visitor is);
 * not on the page's first load, which would scroll, unless `focusOnMount`.
 */
function useHeadingFocusOnStep(step: StepId, focusOnMount: boolean) {
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(!focusOnMount);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);
  return heading;
}

/** "Step 2 of 4" and a bar, its width set through the CSSOM (useCssomStyle: the CSP refuses a style attribute). */
function Progress({ number, count, title }: { number: number; count: number; title: string }) {
  const percent = Math.round((number / count) * 100);
  const barFill = useCssomStyle<HTMLSpanElement>({ width: `${percent}%` });
  return (
    <div className={styles.progress}>
      <p className={styles.stepCount} id="checker-progress-label">
        Step {number} of {count}
      </p>
      <div
        className={styles.bar}
        role="progressbar"
        aria-labelledby="checker-progress-label"
        aria-valuemin={1}
        aria-valuemax={count}
        aria-valuenow={number}
        aria-valuetext={`Step ${number} of ${count}: ${title}`}
      >
        <span className={styles.barFill} ref={barFill} />
      </div>
    </div>
  );
}
