/**
 * "Add to basket", through the shared basket store. When it cannot add, the button is disabled
 * and the reason is written beside it (not only in a tooltip): the product is already in the
 * basket, or the basket holds its five. After adding, focus moves to "View basket" so it is not
 * lost on the now-disabled button.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useId, useRef, useState } from 'react';
import { basketStore, MAX_BASKET_ITEMS, useHydrated } from '@copytech/shared';
import { type Product } from '@copytech/shared/domain';
import styles from './AddToBasketButton.module.css';

export const REFUSAL_TEXT = {
  'already-in-basket': 'In your basket',
  full: `Basket full (${MAX_BASKET_ITEMS} max)`,
} as const;

type BasketProduct = Pick<Product, 'modelId' | 'brand' | 'model' | 'productCategory' | 'productSpecification'>;

export const AddToBasketButton = observer(function AddToBasketButton({
  product,
  className,
}: {
  product: BasketProduct;
  className?: string;
}) {
  const reasonId = useId();
  const viewRef = useRef<HTMLButtonElement>(null);
  const [justAdded, setJustAdded] = useState(false);
  // The basket is in the visitor's browser: the server's HTML (and hydration) show the button as
  // for an empty basket, and the visitor's own state right after.
  const hydrated = useHydrated();
  const refusal = !product.modelId ? 'full' : hydrated ? basketStore.refusalFor(product.modelId) : null;
  const inBasket = refusal === 'already-in-basket';

  useEffect(() => {
    if (justAdded && inBasket) viewRef.current?.focus();
  }, [justAdded, inBasket]);

  return (
    <div className={className ? `${styles.wrap} ${className}` : styles.wrap}>
      <button
        type="button"
        className={styles.add}
        disabled={refusal !== null}
        aria-describedby={refusal ? reasonId : undefined}
        onClick={() => {
          if (basketStore.add(product) === null) setJustAdded(true);
        }}
      >
        Add to basket
      </button>
      {refusal ? (
        <p className={styles.reason} id={reasonId}>
          {inBasket ? <CheckIcon /> : null}
          {REFUSAL_TEXT[refusal]}
          {inBasket ? (
            <>
              {' · '}
              <button ref={viewRef} type="button" className={styles.view} onClick={() => basketStore.open()}>
                View basket
              </button>
            </>
          ) : null}
        </p>
      ) : null}
    </div>
  );
});

function CheckIcon() {
  return (
    <svg className={styles.icon} width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path d="M2 8.5l4 4 8-9" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
