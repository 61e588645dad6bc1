/** What the visitor is told about a submission: success with the reference (focused), or what went wrong. */
import { useEffect, useRef, type ReactNode } from 'react';
import { COMPANY, telHref } from '@copytech/shared';
import type { SubmitState } from './useEnquiryForm';
import styles from './forms.module.css';

export function SubmitSuccess({
  title,
  reference,
  children,
  onStartAgain,
  againLabel,
}: {
  title: string;
  reference: string;
  children?: ReactNode;
  onStartAgain: () => void;
  againLabel: string;
}) {
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => panel.current?.focus(), []);
  return (
    <div ref={panel} className={styles.success} tabIndex={-1} role="status" data-testid="enquiry-success">
      <h3 className={styles.successTitle}>{title}</h3>
      <p>
        Your reference is <span className={styles.reference}>{reference}</span>. Please quote it if you contact us about this.
      </p>
      {children}
      <button type="button" className={styles.linkButton} onClick={onStartAgain}>
        {againLabel}
      </button>
    </div>
  );
}

/** The message above the submit button after a failed attempt (empty otherwise, so it is announced when it appears). */
export function SubmitProblem({ submit }: { submit: SubmitState }) {
  let message: ReactNode = null;
  if (submit.status === 'invalid') message = submit.message;
  else if (submit.status === 'problem')
    message = (
      <>
        {submit.message} Or call us on <a href={telHref(COMPANY.salesPhone)}>{COMPANY.salesPhone}</a>.
      </>
    );
  return <div role="alert">{message ? <p className={styles.alert}>{message}</p> : null}</div>;
}
