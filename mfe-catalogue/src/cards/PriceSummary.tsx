/**
 * 'Starting at' price and, where a lease is offered (`leaseOffer`: from the lease minimum of the
 * commercial terms), the rental per month (a third of the quarterly 60-month lease payment), in GBP
 * from pence, each said to be ex VAT. A machine below the minimum shows its purchase price only. A
 * card carries the short note; the product page (large) the full one: quarterly billing, the other
 * terms, and what the payment covers and does not.
 */
import { formatPence, leaseOffer, rentalNote, startingFromPence, type Product } from '@copytech/shared/domain';
import { useTerms } from '@copytech/shared/terms';
import styles from './PriceSummary.module.css';

export function PriceSummary({ product, large = false }: { product: Pick<Product, 'price' | 'productCategory'>; large?: boolean }) {
  const terms = useTerms();
  const from = formatPence(startingFromPence(product));
  const offer = terms ? leaseOffer(product, terms.lease) : null;
  const rental = formatPence(offer?.perMonthPence);
  const note = terms ? rentalNote(product, terms) : null;
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
      {large && from && terms && !offer ? (
        <p className={styles.leaseTerms}>
          To buy outright: a lease is offered on machines from {formatPence(terms.lease.minimumStartingPricePence)?.replace(/\.00$/, '')}.
        </p>
      ) : null}
    </div>
  );
}
