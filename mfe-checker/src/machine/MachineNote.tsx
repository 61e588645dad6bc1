/**
 * What Copytech's side of the checker is (docs/product-rules.md "The checker for one machine"):
 * "Compared with: Brand Model, rental £X a month and 0.52p / 4p a page" with the way back to the
 * "from" prices and to the machine's page; or why a machine asked for is not used. Server-rendered
 * with the machine the URL names.
 */
import { Link } from 'react-router-dom';
import {
  CHECKER_MACHINE_PROBLEMS,
  CHECKER_META,
  checkerMachineWords,
  pageBillingTerms,
  type CommercialTerms,
} from '@copytech/shared/domain';
import type { CheckerMachineState } from './useCheckerMachine';
import styles from './MachineNote.module.css';

export function MachineNote({ state, onRetry }: { state: CheckerMachineState; onRetry: () => void }) {
  if (state.status === 'none') return null;
  if (state.status === 'loading') {
    return (
      <p className={styles.note} role="status" data-testid="checker-machine">
        Finding the machine to compare with…
      </p>
    );
  }
  if (state.status === 'machine') {
    const { machine } = state;
    return (
      <div className={styles.note} data-testid="checker-machine" data-model-id={machine.modelId}>
        <p className={styles.compared}>
          <strong>Compared with:</strong> {checkerMachineWords(machine)}
        </p>
        <p className={styles.links}>
          <a href={machine.path}>
            Back to the {machine.brand} {machine.model}
          </a>
          <Link to={CHECKER_META.canonicalPath}>Compare with a machine that fits what you print instead</Link>
        </p>
      </div>
    );
  }
  if (state.status === 'failed') {
    return (
      <p className={styles.note} role="alert" data-testid="checker-machine">
        {'We could not load that machine, so the figures use our "from" prices for now.'}{' '}
        <button type="button" className={styles.linkButton} onClick={onRetry}>
          Try again
        </button>
      </p>
    );
  }
  return (
    <p className={styles.note} role="status" data-testid="checker-machine">
      {CHECKER_MACHINE_PROBLEMS[state.problem]}
    </p>
  );
}

/** How Copytech bills pages, said beside every price per page (`pageBillingTerms`). */
export function PageBillingTerms({ terms, headingId, className }: { terms: CommercialTerms; headingId: string; className?: string }) {
  return (
    <section aria-labelledby={headingId} className={className} data-testid="page-billing-terms">
      <h3 id={headingId} className={styles.termsHeading}>
        How Copytech bills pages
      </h3>
      <ul className={styles.terms}>
        {pageBillingTerms(terms).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}
