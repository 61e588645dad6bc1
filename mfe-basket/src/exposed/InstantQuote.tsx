/**
 * basket/InstantQuote: the panel for a single-product quote (docs/product-rules.md "Quote flow"), opened from a
 * product page through basketStore.startInstantQuote(). The same contact form as the basket,
 * sending just that product's id.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { basketStore, type InstantQuoteProps } from '@copytech/shared';
import { formatPence, startingFromPence, type Product } from '@copytech/shared/domain';
import { useTerms } from '@copytech/shared/terms';
import { InstantFigures, startingVolumeTexts, volumesOf, type VolumeTexts } from '../quote/InstantFigures';
import { countedItems, theseItems } from '../basket/basketWords';
import { productDetailsOf } from '../products/productDetails';
import { ProductThumb } from '../products/ProductThumb';
import { useProductDetails } from '../products/useProductDetails';
import { ConfirmationMessage } from '../quote/ConfirmationMessage';
import { QuoteForm } from '../quote/QuoteForm';
import { instantQuoteForm } from '../quote/QuoteFormModel';
import { LiveRegion } from '../ui/announcer';
import { useFocusHeadingOnChange } from '../ui/useFocusHeadingOnChange';
import styles from '../quote/QuoteViews.module.css';
import fragment from './fragment.module.css';

/** The volumes of the figures shown, sent with the request: untouched, the product page's starting ones. */
function useInstantVolumes(product: Product | null): [VolumeTexts | null, (volumes: VolumeTexts) => void] {
  const [typed, setTyped] = useState<{ modelId: string; volumes: VolumeTexts } | null>(null);
  const volumes =
    typed && typed.modelId === product?.modelId
      ? typed.volumes
      : product
        ? startingVolumeTexts(product, typeof window === 'undefined' ? '' : window.location.search)
        : null;
  return [volumes, (next) => product && setTyped({ modelId: product.modelId, volumes: next })];
}

function InstantQuote(_props: InstantQuoteProps) {
  const headingId = useId();
  const container = useRef<HTMLDivElement>(null);
  const item = basketStore.instantItem;
  const productIds = item ? [item.modelId] : [];
  useProductDetails(productIds);

  const sent = instantQuoteForm.sent;
  const confirmed = !!item && sent?.productKey === item.modelId;
  useFocusHeadingOnChange(container, confirmed ? 'Confirmation' : 'QuoteDetails');

  // A confirmation seen and closed is done with.
  useEffect(
    () => () => {
      if (instantQuoteForm.sent && !instantQuoteForm.sending) instantQuoteForm.acknowledge();
    },
    [],
  );

  const details = item ? productDetailsOf(item.modelId) : undefined;
  const loaded = details?.status === 'loaded' ? details.product : null;
  const from = loaded ? formatPence(startingFromPence(loaded)) : null;
  const terms = useTerms();
  const [volumes, setVolumes] = useInstantVolumes(loaded);
  const close = () => {
    instantQuoteForm.acknowledge();
    basketStore.stopInstantMode();
  };

  return (
    <div ref={container} className={fragment.fragment} data-team="basket" data-view={confirmed ? 'Confirmation' : 'QuoteDetails'}>
      {confirmed && sent ? (
        <ConfirmationMessage reference={sent.reference} what={countedItems([item])} email={sent.email} onOk={close} />
      ) : (
        <section className={styles.view} aria-labelledby={headingId}>
          <h2 id={headingId} tabIndex={-1} className={styles.heading} data-view-heading>
            Instant quote
          </h2>
          {item ? (
            <>
              <div className={styles.product}>
                <ProductThumb modelId={item.modelId} />
                <span className={styles.productText}>
                  <span className={styles.productBrand}>{item.brand}</span>
                  <span className={styles.productModel}>{item.model}</span>
                  {from ? <span className={styles.productPrice}>From {from} ex VAT</span> : null}
                </span>
              </div>
              <p>Tell us where to send it: your quote for {theseItems([item])} arrives by e-mail, on average in 2 minutes.</p>
              {loaded && terms ? <InstantFigures product={loaded} terms={terms} volumes={volumes} onChange={setVolumes} /> : null}
              <QuoteForm
                model={instantQuoteForm}
                productIds={productIds}
                volumes={volumesOf(volumes)}
                submitLabel="Send my instant quote"
                onSent={() => undefined}
              />
            </>
          ) : (
            <p>Choose a product on its page to get an instant quote for it.</p>
          )}
          <button type="button" className={styles.cancel} onClick={close}>
            Cancel
          </button>
        </section>
      )}
      <LiveRegion />
    </div>
  );
}

export default observer(InstantQuote);
