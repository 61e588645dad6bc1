/**
 * The footer's newsletter sign-up: the shared newsletter form (@copytech/shared/newsletter) with the
 * footer's heading, introduction and look.
 */
import { useId } from 'react';
import { NewsletterForm as SignupForm } from '@copytech/shared/newsletter';
import styles from './NewsletterForm.module.css';

export function NewsletterForm() {
  const id = useId();
  return (
    <SignupForm classes={styles} labelledBy={`${id}-heading`}>
      <h2 className={styles.heading} id={`${id}-heading`}>
        Get print-saving tips
      </h2>
      <p className={styles.intro}>News and offers for business printing, about once a month. Unsubscribe at any time.</p>
    </SignupForm>
  );
}
