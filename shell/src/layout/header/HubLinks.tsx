/**
 * The hub links bar (large screens only, hidden by CSS below 1008px): the main landing pages, the
 * current one marked with aria-current="page", and the sales number ("Talk to an expert"); the whole bar is the
 * "Hub" navigation landmark, so the phone number is not left outside every landmark.
 */
import { NavLink } from 'react-router-dom';
import { COMPANY, telHref } from '@copytech/shared';
import { HUB_LINKS } from '../navigation';
import { PhoneIcon } from '../icons';
import styles from './HubLinks.module.css';

export function HubLinks() {
  return (
    <nav className={styles.bar} aria-label="Hub" data-testid="hub-links">
      <div className={styles.inner}>
        <ul className={styles.list}>
          {HUB_LINKS.map((link) => (
            <li key={link.href}>
              <NavLink to={link.href} end className={({ isActive }) => (isActive ? `${styles.link} ${styles.current}` : styles.link)}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <a className={styles.phone} href={telHref(COMPANY.salesPhone)}>
          <PhoneIcon />
          <span>
            Talk to an expert <strong>{COMPANY.salesPhone}</strong>
          </span>
        </a>
      </div>
    </nav>
  );
}
