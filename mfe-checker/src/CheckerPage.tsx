/**
 * The print-savings checker page: its title and introduction, then the wizard or, after the
 * last step, the results (loaded when needed). Moving between them focuses the new heading (not
 * on first load). While saved progress is being checked, the wizard's frame holds its place: the
 * page's first view is the visitor's own step (or their results) once it is checked.
 *
 * Opened as `/discover-print-savings?machine=<modelId>` it compares with that machine, its rental
 * and its own prices per page (docs/product-rules.md "The checker for one machine"), rendered on
 * the server with the machine; otherwise with the terms' "from" prices.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { useDocumentMeta } from '@copytech/shared';
import {
  CHECKER_META,
  minimumChargeWords,
  pricePerPageWords,
  servicePerPageWords,
  type CheckerMachine,
  type CommercialTerms,
} from '@copytech/shared/domain';
import { useTerms } from '@copytech/shared/terms';
import type { SavingsCheckerStore } from './checker/SavingsCheckerStore';
import { MachineNote, PageBillingTerms } from './machine/MachineNote';
import { useCheckerMachine } from './machine/useCheckerMachine';
import { useFitList } from './machine/useFitList';
import { fitUrlOf } from './checker/fitList';
import { LazyResults, preloadResults } from './results/LazyResults';
import { SavedProgressFrame } from './wizard/SavedProgressFrame';
import { Wizard } from './wizard/Wizard';
import styles from './CheckerPage.module.css';

export const CHECKER_TITLE = 'Discover your print savings';

export const CheckerPage = observer(function CheckerPage({
  store,
  inRender = false,
}: {
  store: SavingsCheckerStore;
  /** The server's render and the hydration (a store of their own, from the URL): what the figures need is set as it renders. */
  inRender?: boolean;
}) {
  // The commercial terms: the prices in the lead, and the prices and minimum the results use.
  const terms = useTerms();
  const [machineState, retryMachine] = useCheckerMachine(terms);
  const machine = machineState.status === 'machine' ? machineState.machine : null;
  // The results wait for the machine asked for: they are never worked out at the wrong prices first.
  const settled = machineState.status !== 'loading';
  const machineKey = machine ? machine.modelId : machineState.status;
  if (inRender && terms && settled && (store.terms !== terms || store.machine?.modelId !== machine?.modelId))
    store.setTerms(terms, machine);
  useEffect(() => {
    if (terms && settled) store.setTerms(terms, machine);
    // machineKey says when the machine is another one
  }, [store, terms, settled, machineKey]); // eslint-disable-line react-hooks/exhaustive-deps
  // Without a machine chosen, the general checker is priced with a machine that fits the pages.
  useFitList(store, settled && !machine ? fitUrlOf(store.answers, store.machine) : null, inRender);
  useDocumentMeta(CHECKER_META);
  const restoring = store.restoreStatus !== 'done';
  // Saved progress that ends on the results: fetch them while the answers are checked.
  if (restoring && store.savedPosition === 'results') preloadResults();
  // Whether the visitor has moved between the wizard and the results since the page loaded (the
  // first view is the one shown once saved progress is checked; it takes the focus only when the
  // visitor asked for it, with try again or start again).
  const initialView = useRef<boolean | null>(restoring ? null : store.isResults);
  const moved = useRef(false);
  const visitorRestored = useRef(false);
  if (!restoring) {
    if (initialView.current === null) {
      initialView.current = store.isResults;
      moved.current = visitorRestored.current;
    } else if (store.isResults !== initialView.current) {
      moved.current = true;
    }
  }

  return (
    <div className={styles.page} data-team="checker">
      <header className={styles.intro}>
        <h1 className={styles.title}>{CHECKER_TITLE}</h1>
        <p className={styles.lead}>
          Find out what you really pay for every page you print, and what you would pay{' '}
          {machine
            ? `with the ${machine.brand} ${machine.model} at its own prices`
            : 'with a Copytech machine that fits what you print, at its own prices per page'}
          . It takes about three minutes and the figures are yours to keep.
        </p>
        <MachineNote state={machineState} onRetry={retryMachine} />
      </header>
      {store.isResults && !restoring ? (
        <LazyResults store={store} focusOnMount={moved.current} inRender={inRender} />
      ) : (
        <div className={styles.columns}>
          {restoring ? (
            <SavedProgressFrame store={store} onVisitorAction={() => (visitorRestored.current = true)} />
          ) : (
            <Wizard store={store} focusOnMount={moved.current} />
          )}
          <CheckerAside terms={terms} machine={machine} />
        </div>
      )}
    </div>
  );
});

/** What pushes up the cost of a page elsewhere, and how Copytech charges (the page-billing terms beside its prices). */
function CheckerAside({ terms, machine }: { terms: CommercialTerms | null; machine: CheckerMachine | null }) {
  return (
    <aside className={styles.aside} aria-labelledby="checker-traps-heading">
      <h2 id="checker-traps-heading" className={styles.asideHeading}>
        What pushes up the cost of a page
      </h2>
      <ul className={styles.traps}>
        <li>Colour billed per colour used rather than per page</li>
        <li>A3 pages billed as two A4 clicks</li>
        <li>Yearly price rises written into the contract</li>
        <li>A minimum bill set well above what you print</li>
        <li>Extra charges for pages with more than 5% coverage</li>
      </ul>
      {terms ? (
        <>
          <p className={styles.asideNote}>
            {machine
              ? `The ${machine.brand} ${machine.model} is charged per page at its own prices, ${servicePerPageWords(machine.rates)}.`
              : `Copytech charges per page, ${pricePerPageWords(terms)}.`}{' '}
            The minimum charge is {minimumChargeWords(terms)} ex VAT, and the pages it buys are included.
          </p>
          <PageBillingTerms terms={terms} headingId="checker-billing-heading" />
        </>
      ) : null}
    </aside>
  );
}
