/** Beside a service page's text: a person to talk to about this service, and how to reach them. */
import { COMPANY, telHref } from '@copytech/shared';
import { ContentLink } from '../links/ContentLink';
import styles from './ExpertAside.module.css';

export function ExpertAside() {
  return (
    <aside className={styles.aside} aria-label="Talk to a specialist">
      <p className={styles.title}>Talk to a specialist</p>
      <p className={styles.text}>Have a question about this service? Our UK team will talk it through with you, with no obligation.</p>
      <p className={styles.phone}>
        <a href={telHref(COMPANY.salesPhone)}>{COMPANY.salesPhone}</a>
      </p>
      <ContentLink href="/contact-us" className={styles.link}>
        Send us a message
      </ContentLink>
      <p className={styles.support}>
        Existing customer? <ContentLink href="/customer-support">Log a service request</ContentLink>
      </p>
    </aside>
  );
}
