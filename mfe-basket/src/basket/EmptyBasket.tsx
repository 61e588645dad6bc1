import { Link } from 'react-router-dom';
import { MAX_BASKET_ITEMS } from '@copytech/shared';
import styles from './BasketView.module.css';

export const BROWSE_LINKS: ReadonlyArray<{ to: string; label: string }> = [
  { to: '/printers/multifunctionals', label: 'Multifunctional printers' },
  { to: '/printers/print-only', label: 'Office printers' },
  { to: '/printers/production', label: 'Production printers' },
  { to: '/printers/plotters', label: 'Plotters' },
  { to: '/scanners', label: 'Scanners' },
  { to: '/finishers', label: 'Finishers' },
];

export function EmptyBasket() {
  return (
    <div className={styles.empty}>
      <p className={styles.emptyTitle}>Your basket is empty.</p>
      <p>
        Add up to {MAX_BASKET_ITEMS} printers, scanners or finishers to compare them like with like, then get one instant quote for them all
        by e-mail.
      </p>
      <h3 className={styles.browseHeading}>Browse the range</h3>
      <ul className={styles.browse}>
        {BROWSE_LINKS.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
