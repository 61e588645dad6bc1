/** 'Starting at' price and rental per month (60-month lease / 3), in GBP from pence. */
import { formatPence, rentalPerMonthPence, startingFromPence, type Product } from '@copytech/shared/domain';
import styles from './PriceSummary.module.css';

export function PriceSummary({ product, large = false }: { product: Pick<Product, 'price'>; large?: boolean }) {
  const from = formatPence(startingFromPence(product));
  const rental = formatPence(rentalPerMonthPence(product));
  if (!from && !rental) {
    return (
      <div className={large ? `${styles.price} ${styles.large}` : styles.price}>
        <p className={styles.onRequest}>Price on request</p>
      </div>
    );
  }
  return (
    <div className={large ? `${styles.price} ${styles.large}` : styles.price}>
      {from ? (
        <p className={styles.from}>
          <span className={styles.label}>Starting at</span> <strong className={styles.amount}>{from}</strong>
        </p>
      ) : null}
      {rental ? (
        <p className={styles.rental}>
          or rent from <strong>{rental}</strong> per month
        </p>
      ) : null}
    </div>
  );
}
