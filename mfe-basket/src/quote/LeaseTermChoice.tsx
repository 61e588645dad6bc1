/**
 * The lease term the buyer is considering, asked beside the quote form when a machine of the basket
 * is leased (docs/product-rules.md "A quote's figures"): the terms' offered terms, the one the prices
 * are shown for chosen at first. The figures stay those of that term; the choice goes with the
 * request, and the e-mail says that the proposal sets out the payments of another term.
 */
import { useId } from 'react';
import { observer } from 'mobx-react-lite';
import { leaseOffer, type CommercialTerms, type Product } from '@copytech/shared/domain';
import type { QuoteFormModel } from './QuoteFormModel';
import styles from './QuoteViews.module.css';

export const LeaseTermChoice = observer(function LeaseTermChoice({
  model,
  products,
  terms,
}: {
  model: QuoteFormModel;
  products: readonly (Product | null)[];
  terms: CommercialTerms | null;
}) {
  const id = useId();
  if (!terms || !products.some((product) => leaseOffer(product, terms.lease))) return null;
  const shown = terms.lease.pricesShownForMonths;
  const chosen = model.leaseTermMonths ?? shown;
  return (
    <fieldset className={styles.volumes} aria-describedby={`${id}-note`}>
      <legend>The lease term you are considering</legend>
      <div className={styles.termOptions}>
        {terms.lease.termsOfferedMonths.map((months) => (
          <label key={months} className={styles.termOption}>
            <input
              type="radio"
              name="leaseTermMonths"
              value={months}
              checked={chosen === months}
              disabled={model.sending}
              onChange={() => model.chooseLeaseTerm(months)}
            />
            {months} months
          </label>
        ))}
      </div>
      <p id={`${id}-note`} className={styles.termNote}>
        {chosen === shown
          ? `The rentals shown are for ${shown} months.`
          : `The rentals shown are for ${shown} months; your proposal sets out the ${chosen}-month payments.`}
      </p>
    </fieldset>
  );
});
