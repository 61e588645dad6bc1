/**
 * 'Starting at' price and rental per month (a third of the quarterly 60-month lease payment), in
 * GBP from pence, each said to be ex VAT. A card carries the short note; the product page (large)
 * the full one: quarterly billing and what the payment does not cover.
 */
import { formatPence, rentalNote, rentalPerMonthPence, startingFromPence, type Product } from '@copytech/shared/domain';
import styles from './PriceSummary.module.css';

export function PriceSummary({ product, large = false }: { product: Pick<Product, 'price' | 'productCategory'>; large?: boolean }) {
  const from = formatPence(startingFromPence(product));
  const rental = formatPence(rentalPerMonthPence(product));
  const note = rentalNote(product);
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
          <span className={styles.label}>Starting at</span> <strong className={styles.amount}>{from}</strong>{' '}
          <span className={styles.vat}>ex VAT</span>
        </p>
      ) : null}
      {rental && note ? (
        <p className={styles.rental}>
          or rent from <strong>{rental}</strong> per month{large ? null : <span className={styles.terms}> ({note.short})</span>}
        </p>
      ) : null}
      {rental && note && large ? <p className={styles.leaseTerms}>{note.full}</p> : null}
    </div>
  );
}
