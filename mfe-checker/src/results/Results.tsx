/**
 * The results (docs/product-rules.md "Results"): the answer in one sentence, the figures side by side (today,
 * with Copytech, the difference: per month, per year, over 60 months, per page), a chart of the
 * cost per year, what the visitor told us (each with Change), the assumptions, and the two
 * actions. Every figure comes from the shared calculation, as the e-mailed report's do.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef } from 'react';
import type { SavingsCheckerStore } from '../checker/SavingsCheckerStore';
import { Link } from 'react-router-dom';
import {
  checkerPathForMachine,
  instantQuotePath,
  copytechSideWords,
  minimumChargeWords,
  type CommercialTerms,
  type SavingsResult,
} from '@copytech/shared/domain';
import { PageBillingTerms } from '../machine/MachineNote';
import { formatPages, formatWholePounds } from '../checker/format';
import { CostChart } from './CostChart';
import { FiguresTable } from './FiguresTable';
import { ReportActions } from './ReportActions';
import { resultReady } from '../checker/fitList';
import { answerSummary, type SummaryRow } from './summary';
import { answerFields, RESULTS_STEP } from '../checker/formFields';
import { MoveButton, PostedFields } from '../wizard/MoveButton';
import { usePostAction } from '../wizard/usePostAction';
import styles from './Results.module.css';

export const Results = observer(function Results({ store, focusOnMount = false }: { store: SavingsCheckerStore; focusOnMount?: boolean }) {
  const result = store.result;
  // The figures need the commercial terms (prices per page, minimum charge); they are in as the page loads.
  // ...and, without a machine chosen, the list of the machines that fit the pages (never the wrong prices first).
  if (!result || !store.terms || !resultReady(store)) {
    return (
      <p role="status" className={styles.message}>
        Working out your figures…
      </p>
    );
  }
  return <ResultsView store={store} result={result} terms={store.terms} focusOnMount={focusOnMount} />;
});

const ResultsView = observer(function ResultsView({
  store,
  result,
  terms,
  focusOnMount,
}: {
  store: SavingsCheckerStore;
  result: SavingsResult;
  terms: CommercialTerms;
  focusOnMount: boolean;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const formId = useId();

  useEffect(() => {
    if (focusOnMount) heading.current?.focus();
  }, [focusOnMount]);

  return (
    <section className={styles.results} aria-labelledby="checker-results-heading" data-status={result.status}>
      <h2 id="checker-results-heading" className={styles.heading} tabIndex={-1} ref={heading}>
        Your results
      </h2>

      {/* The buttons that change the answers: with JavaScript they move in the browser; without
          it they post this form, and the server answers with the step (postedSteps.ts). */}
      <ChangeForm id={formId} store={store} />

      <Headline
        result={result}
        formId={formId}
        changeStep={store.answers.entryMode === 'bill' ? 'bill-pages' : 'volumes'}
        onChangeAnswers={() => store.goTo(store.answers.entryMode === 'bill' ? 'bill-pages' : 'volumes')}
      />

      <FiguresTable result={result} />
      <p className={styles.muted}>
        Pages a month: {formatPages(result.pagesPerMonth.mono)} mono and {formatPages(result.pagesPerMonth.colour)} colour. Costs per page
        include every cost you told us about. {copytechSideWords(terms, result.machine, result.fit)} The service charge is at least{' '}
        {minimumChargeWords(terms)}
        {result.machine ? '.' : ', and your quote gives the price for the machine you choose.'}
      </p>
      {result.fit ? (
        <p className={styles.muted}>
          <a href={result.fit.machine.path}>
            See the {result.fit.machine.brand} {result.fit.machine.model}
          </a>{' '}
          or <Link to={checkerPathForMachine(result.fit.machine.modelId)}>compare with it, its rental included</Link>.
        </p>
      ) : null}
      <PageBillingTerms terms={terms} headingId="checker-results-billing" className={styles.block} />

      {result.status !== 'incomplete' ? <CostChart result={result} /> : null}

      <ToldUs rows={answerSummary(store.answers)} formId={formId} onChange={(step) => store.goTo(step)} />

      <section aria-labelledby="checker-assumptions" className={styles.block}>
        <h3 id="checker-assumptions" className={styles.subheading}>
          How we worked it out
        </h3>
        <ul className={styles.assumptions}>
          {result.assumptions.map((assumption) => (
            <li key={assumption}>{assumption}</li>
          ))}
        </ul>
      </section>

      <ReportActions store={store} />
      <NoScriptActions modelId={result.machine?.modelId ?? result.fit?.machine.modelId ?? null} />

      <p className={styles.restart}>
        <MoveButton move="restart" onMove={() => store.reset()} form={formId} className={styles.linkButton}>
          Start again with new figures
        </MoveButton>
      </p>
    </section>
  );
});

/** The answer in one sentence (with the saving a year, when there is one); incomplete answers offer to change them. */
function Headline({
  result,
  formId,
  changeStep,
  onChangeAnswers,
}: {
  result: SavingsResult;
  formId: string;
  changeStep: SummaryRow['step'];
  onChangeAnswers: () => void;
}) {
  const { savings } = result;
  return (
    <div className={styles.headline} data-status={result.status}>
      {result.status === 'saving' && savings ? (
        <p className={styles.big}>
          Save <strong>{formatWholePounds(savings.perYear)}</strong> a year
        </p>
      ) : null}
      <p className={styles.message}>{result.message}</p>
      {result.status === 'incomplete' ? (
        <MoveButton move={`goto-${changeStep}`} onMove={onChangeAnswers} form={formId} className={styles.secondary}>
          Change my answers
        </MoveButton>
      ) : null}
    </div>
  );
}

/** What the visitor told us, each answer with Change (back to the step that asks it). */
function ToldUs({ rows, formId, onChange }: { rows: SummaryRow[]; formId: string; onChange: (step: SummaryRow['step']) => void }) {
  return (
    <section aria-labelledby="checker-told-us" className={styles.block}>
      <h3 id="checker-told-us" className={styles.subheading}>
        What you told us
      </h3>
      <dl className={styles.summary}>
        {rows.map((row) => (
          <div key={row.label} className={styles.summaryRow}>
            <dt>{row.label}</dt>
            <dd>
              <span>{row.value}</span>
              <MoveButton move={`goto-${row.step}`} onMove={() => onChange(row.step)} form={formId} className={styles.linkButton}>
                Change<span className="visually-hidden"> {row.label.toLowerCase()}</span>
              </MoveButton>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * Without JavaScript the report cannot be e-mailed from here (its form is hidden): a quote for the
 * machine compared with, whose page works without it, or a call.
 */
function NoScriptActions({ modelId }: { modelId: string | null }) {
  return (
    <p className={styles.noScriptActions} data-testid="checker-results-without-javascript">
      To have these figures e-mailed to you, turn on JavaScript and reload this page.{' '}
      {modelId ? (
        <>
          You can also <a href={instantQuotePath(modelId)}>get an instant quote for this machine</a> by e-mail, or{' '}
          <a href="/contact-us">contact us</a> and we will go through your figures with you.
        </>
      ) : (
        <>
          Or <a href="/contact-us">contact us</a> and we will go through your figures with you.
        </>
      )}
    </p>
  );
}

/** The form the results' Change and Start again post without JavaScript: every answer, hidden. */
const ChangeForm = observer(function ChangeForm({ id, store }: { id: string; store: SavingsCheckerStore }) {
  const action = usePostAction();
  return (
    <form id={id} method="post" action={action} hidden>
      <PostedFields step={RESULTS_STEP} fields={answerFields(store.answers)} />
    </form>
  );
});
