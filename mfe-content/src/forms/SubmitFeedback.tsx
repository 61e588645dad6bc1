/**
 * What the visitor is told about a submission: success with the reference (focused), or what went
 * wrong. On the server's answer to a form posted without JavaScript the panel or the error summary
 * takes the focus as the page loads (autofocus), so a screen reader reads it first, and the error
 * summary links each message to its field.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { COMPANY, telHref, useHydrated } from '@copytech/shared';
import type { SubmitState } from './useEnquiryForm';
import styles from './forms.module.css';

export function SubmitSuccess({
  title,
  reference,
  children,
  onStartAgain,
  againLabel,
  posted = false,
  againHref,
}: {
  title: string;
  reference: string;
  children?: ReactNode;
  onStartAgain: () => void;
  againLabel: string;
  /** the server's answer to the form posted without JavaScript */
  posted?: boolean;
  /** the form's page: without JavaScript, starting again is a link to it */
  againHref?: string | null;
}) {
  const panel = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();
  useEffect(() => panel.current?.focus(), []);
  return (
    <div ref={panel} className={styles.success} tabIndex={-1} role="status" data-testid="enquiry-success" autoFocus={posted}>
      <h3 className={styles.successTitle}>{title}</h3>
      <p>
        Your reference is <span className={styles.reference}>{reference}</span>. Please quote it if you contact us about this.
      </p>
      {children}
      {hydrated || !againHref ? (
        <button type="button" className={styles.linkButton} onClick={onStartAgain}>
          {againLabel}
        </button>
      ) : (
        <a href={againHref} className={styles.linkButton}>
          {againLabel}
        </a>
      )}
    </div>
  );
}

/** The message above the submit button after a failed attempt (empty otherwise, so it is announced when it appears). */
export function SubmitProblem({ submit }: { submit: SubmitState }) {
  let message: ReactNode = null;
  const summary = submit.status === 'invalid' ? submit.summary : undefined;
  if (submit.status === 'invalid') message = submit.message;
  else if (submit.status === 'problem')
    message = (
      <>
        {submit.message} Or call us on <a href={telHref(COMPANY.salesPhone)}>{COMPANY.salesPhone}</a>.
      </>
    );
  if (summary?.length) {
    // The server's answer to the form posted without JavaScript: focused as the page loads.
    return (
      <div role="alert" tabIndex={-1} autoFocus className={styles.summary} data-testid="error-summary">
        <p className={styles.alert}>{message}</p>
        <ul className={styles.summaryList}>
          {summary.map((item) => (
            <li key={item.id}>
              <a href={`#${item.id}`}>{item.message}</a>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  return <div role="alert">{message ? <p className={styles.alert}>{message}</p> : null}</div>;
}
