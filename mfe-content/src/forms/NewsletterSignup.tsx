/**
 * A newsletter sign-up placed in a page by the CMS: the shared newsletter form
 * (@copytech/shared/newsletter), the same one as the footer's, in the look of this room's forms. On
 * the newsletter's page it shows the server's answer to a sign-up posted without JavaScript.
 */
import { usePostedForm } from '@copytech/shared';
import { NEWSLETTER_PAGE, NewsletterForm } from '@copytech/shared/newsletter';
import { useFormPagePath } from './formPage';
import styles from './NewsletterSignup.module.css';

export default function NewsletterSignup({ labelledBy }: { labelledBy?: string }) {
  // The form posts to the newsletter's page without JavaScript; on that page, this form shows the answer.
  const path = useFormPagePath();
  const posted = usePostedForm('newsletter', path === NEWSLETTER_PAGE ? path : null);
  return (
    <NewsletterForm
      classes={styles}
      labelledBy={labelledBy}
      posted={posted}
      footnote={<p className={styles.privacy}>About once a month. Unsubscribe at any time.</p>}
    />
  );
}
