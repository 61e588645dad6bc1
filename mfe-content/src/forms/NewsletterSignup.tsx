/**
 * A newsletter sign-up placed in a page by the CMS: the shared newsletter form
 * (@copytech/shared/newsletter), the same one as the footer's, in the look of this room's forms.
 */
import { NewsletterForm } from '@copytech/shared/newsletter';
import styles from './NewsletterSignup.module.css';

export default function NewsletterSignup({ labelledBy }: { labelledBy?: string }) {
  return (
    <NewsletterForm
      classes={styles}
      labelledBy={labelledBy}
      footnote={<p className={styles.privacy}>About once a month. Unsubscribe at any time.</p>}
    />
  );
}
