/** What the visitor sees once the quote is stored (docs/product-rules.md "Quote flow"). */
import { useId, type Ref } from 'react';
import styles from './QuoteViews.module.css';

export interface ConfirmationMessageProps {
  reference: string;
  /** what the quote is for: "one printer", "3 machines" */
  what: string;
  email: string | null;
  onOk: () => void;
  headingRef?: Ref<HTMLHeadingElement>;
}

export function ConfirmationMessage({ reference, what, email, onOk, headingRef }: ConfirmationMessageProps) {
  const headingId = useId();
  return (
    <section className={styles.confirmation} aria-labelledby={headingId}>
      <svg className={styles.tick} aria-hidden="true" viewBox="0 0 48 48" width="48" height="48">
        <circle cx="24" cy="24" r="22" fill="currentColor" />
        <path d="M14 25l7 7 13-15" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <h2 id={headingId} ref={headingRef} tabIndex={-1} className={styles.heading} data-view-heading>
        Your quote is on its way
      </h2>
      <p>
        We are e-mailing your quote for {what}
        {email ? (
          <>
            {' '}
            to <strong className={styles.email}>{email}</strong>
          </>
        ) : null}
        .
      </p>
      <p className={styles.delivery}>Average delivery time 2 minutes</p>
      <p>If it has not arrived after a few minutes, please check your junk folder.</p>
      <p className={styles.reference}>
        Your reference: <strong data-testid="quote-reference">{reference}</strong>
      </p>
      <button type="button" className={styles.ok} onClick={onOk}>
        Ok
      </button>
    </section>
  );
}
