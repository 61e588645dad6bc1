/** The QuoteDetails and Confirmation views of the basket drawer. */
import { useId } from 'react';
import { observer } from 'mobx-react-lite';
import { basketStore } from '@copytech/shared';
import { loadedProducts } from '../basket/basketQuote';
import { basketPages } from '../basket/comparisonVolume';
import { useProductDetails } from '../products/useProductDetails';
import { QuoteTotal } from '../basket/QuoteTotal';
import { countedItems, theseItems } from '../basket/basketWords';
import { drawerView } from '../basket/drawerView';
import { ConfirmationMessage } from './ConfirmationMessage';
import { useTerms } from '@copytech/shared/terms';
import { LeaseTermChoice } from './LeaseTermChoice';
import { QuoteForm } from './QuoteForm';
import { basketQuoteForm } from './QuoteFormModel';
import styles from './QuoteViews.module.css';

export const QuoteDetailsView = observer(function QuoteDetailsView() {
  const headingId = useId();
  const items = basketStore.list;
  const productIds = items.map((item) => item.modelId);
  // The volumes of the figures shown (the comparison's), sent with the request: the e-mail says the same figures.
  useProductDetails(productIds);
  const products = loadedProducts(items);
  const volumes = basketPages(products);
  const terms = useTerms();
  return (
    <section className={styles.view} aria-labelledby={headingId}>
      <button type="button" className={styles.back} onClick={() => drawerView.backToBasket()}>
        <span aria-hidden="true">←</span> Back to basket
      </button>
      <h2 id={headingId} tabIndex={-1} className={styles.heading} data-view-heading>
        Your details
      </h2>
      <div className={styles.summary}>
        <p>Your instant quote for {theseItems(items)} will be e-mailed to you:</p>
        <ul>
          {items.map((item) => (
            <li key={item.modelId}>
              {item.brand} {item.model}
            </li>
          ))}
        </ul>
        <QuoteTotal items={items} />
      </div>
      <LeaseTermChoice model={basketQuoteForm} products={products} terms={terms} />
      <QuoteForm
        model={basketQuoteForm}
        productIds={productIds}
        volumes={volumes}
        submitLabel="Send my quote"
        onSent={(reference) => drawerView.confirmQuoteSent(reference)}
      />
    </section>
  );
});

export const ConfirmationView = observer(function ConfirmationView() {
  const sent = basketQuoteForm.sent;
  const reference = drawerView.lastQuoteReference ?? sent?.reference ?? '';
  return (
    <ConfirmationMessage
      reference={reference}
      what={countedItems(basketStore.list, sent?.count ?? basketStore.count)}
      email={sent?.email ?? null}
      onOk={() => {
        basketQuoteForm.acknowledge();
        drawerView.acknowledgeConfirmation();
      }}
    />
  );
});
