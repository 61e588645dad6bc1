/** The thin strip above everything: the group link and the sales phone number. */
import { COMPANY, telHref } from '@copytech/shared';
import { PhoneIcon } from './icons';
import styles from './TopStrip.module.css';

export function TopStrip() {
  return (
    <div className={styles.strip}>
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
    </div>
  );
}
