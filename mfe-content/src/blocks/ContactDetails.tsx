/** How to reach Copytech: address, sales and support lines, e-mail and opening hours (one source: COMPANY). */
import { useId } from 'react';
import { COMPANY, telHref } from '@copytech/shared';
import { BlockIcon } from './icons';
import type { BlockProps } from './types';
import layout from './layout.module.css';
import styles from './ContactDetails.module.css';

/** When the phone lines are staffed (UK time). */
export const OPENING_HOURS = [
  { days: 'Monday to Friday', hours: '8:30am to 5:30pm' },
  { days: 'Saturday, Sunday and bank holidays', hours: 'Closed (support tickets are still logged)' },
] as const;

export function ContactDetails({ block }: BlockProps<'contactDetails'>) {
  const headingId = useId();
  return (
    <section className={`${layout.section} ${styles.section}`} data-block="contactDetails" aria-labelledby={headingId}>
      <div className={styles.card}>
        <h2 className={styles.heading} id={headingId}>
          {block.heading || 'Contact details'}
        </h2>
        <dl className={styles.list}>
          <div className={styles.row}>
            <dt>
              <BlockIcon name="phone" className={styles.icon} /> Sales
            </dt>
            <dd>
              <a href={telHref(COMPANY.salesPhone)}>{COMPANY.salesPhone}</a>
            </dd>
          </div>
          <div className={styles.row}>
            <dt>
              <BlockIcon name="support" className={styles.icon} /> Service and support
            </dt>
            <dd>
              <a href={telHref(COMPANY.supportPhone)}>{COMPANY.supportPhone}</a>
            </dd>
          </div>
          <div className={styles.row}>
            <dt>
              <BlockIcon name="mail" className={styles.icon} /> Email
            </dt>
            <dd>
              <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>
            </dd>
          </div>
          <div className={styles.row}>
            <dt>
              <BlockIcon name="location" className={styles.icon} /> Address
            </dt>
            <dd>
              <address className={styles.address}>
                {COMPANY.legalName}
                {COMPANY.address.map((line) => (
                  <span key={line}>
                    <br />
                    {line}
                  </span>
                ))}
              </address>
            </dd>
          </div>
          <div className={styles.row}>
            <dt>
              <BlockIcon name="clock" className={styles.icon} /> Opening hours
            </dt>
            <dd>
              <ul className={styles.hours}>
                {OPENING_HOURS.map((entry) => (
                  <li key={entry.days}>
                    <span>{entry.days}:</span> {entry.hours}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        </dl>
      </div>
    </section>
  );
}
