/**
 * The thin strip above everything: the group link and the sales phone number, as a small
 * navigation landmark so that no content of the page sits outside a landmark.
 */
import { COMPANY, telHref } from '@copytech/shared';
import { PhoneIcon } from '../icons';
import styles from './TopStrip.module.css';

export function TopStrip() {
  return (
    <nav className={styles.strip} aria-label="Group and sales">
      <div className={styles.inner}>
        <a className={styles.link} href={COMPANY.groupUrl}>
          Part of {COMPANY.groupName}
        </a>
        <a className={styles.link} href={telHref(COMPANY.salesPhone)}>
          <PhoneIcon />
          <span>
            <span className={styles.label}>Sales </span>
            {COMPANY.salesPhone}
          </span>
        </a>
      </div>
    </nav>
  );
}
