/**
 * The wizard: progress ("Step 2 of 4": the sections of steps.ts, and a bar), the step's heading (focused on every step
 * change, so a screen reader announces where the visitor is), one question group, Back and
 * Next. Next checks the step; problems are shown beside their questions and the first one is
 * focused. The results follow the last step.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useCssomStyle } from '@copytech/shared';
import { usePostedChecker } from '../checker/postedContext';
import { hiddenFields, MOVE_FIELD } from '../checker/formFields';
import { MoveButton, PostedFields } from './MoveButton';
import type { SavingsCheckerStore } from '../checker/SavingsCheckerStore';
import { STEPS, type StepId } from '../checker/steps';
import { preloadResults } from '../results/LazyResults';
import { ShowAllMessages } from './fields';
import { usePostAction } from './usePostAction';
import { StepQuestions } from './StepQuestions';
import styles from './Wizard.module.css';

export const Wizard = observer(function Wizard({ store, focusOnMount = false }: { store: SavingsCheckerStore; focusOnMount?: boolean }) {
  const step = store.currentStep as StepId;
  const heading = useHeadingFocusOnStep(step, focusOnMount);
  const form = useRef<HTMLFormElement>(null);
  const posted = usePostedChecker();
  const [showMessagesFor, setShowMessagesFor] = useState<StepId | null>(posted?.showMessages ? step : null);
  const formId = useId();
  const action = usePostAction();
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

      {/* With JavaScript the steps move in the browser; without it the form posts the step to the
          page, and the server answers with the next one (postedSteps.ts). */}
      <form
        ref={form}
        id={formId}
        method="post"
        action={action}
        className={styles.form}
        noValidate
        onSubmit={onNext}
        aria-labelledby="checker-step-heading"
      >
        <PostedFields step={step} fields={hiddenFields(step, store.answers)} />
        {/* The form's default button (the one Enter in a field presses) is the first in it: Next,
            here, not Back or a charge's Add and Remove, which come before the visible Next. */}
        <button type="submit" name={MOVE_FIELD} value="next" className="visually-hidden" tabIndex={-1} aria-hidden="true">
          Next
        </button>
        <ShowAllMessages.Provider value={showing}>
          {/* keyed by step: each step's fields start from the stored answers */}
          <StepQuestions key={step} step={step} store={store} errors={errors} />
        </ShowAllMessages.Provider>
        {showing && Object.keys(errors).length > 0 ? (
          <p className={styles.summary} role="alert">
            Please answer the question{Object.keys(errors).length > 1 ? 's' : ''} marked above.
          </p>
        ) : null}
        <WizardNav store={store} isLast={isLast} />
      </form>
      {store.stepIndex > 0 ? <StartAgain store={store} formId={formId} /> : null}
    </section>
  );
});

/** Back (after the first step) and Next, or "See my results" on the last. */
const WizardNav = observer(function WizardNav({ store, isLast }: { store: SavingsCheckerStore; isLast: boolean }) {
  return (
    <div className={styles.nav}>
      {store.stepIndex > 0 ? (
        <MoveButton move="back" onMove={() => store.back()} className={styles.secondary}>
          Back
        </MoveButton>
      ) : null}
      <button type="submit" name={MOVE_FIELD} value="next" className={styles.primary}>
        {isLast ? 'See my results' : 'Next'}
      </button>
    </div>
  );
});

/** Start again, outside the step's form but posting it (without JavaScript). */
function StartAgain({ store, formId }: { store: SavingsCheckerStore; formId: string }) {
  return (
    <p className={styles.restart}>
      <MoveButton move="restart" onMove={() => store.reset()} form={formId} className={styles.linkButton}>
        Start again
      </MoveButton>{' '}
      <span className={styles.hint}>(clears your answers)</span>
    </p>
  );
}

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
