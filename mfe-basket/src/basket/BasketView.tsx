/**
 * The Basket view of the drawer: the products (image, brand, model, link, Remove), how many of
 * five, a clear action with Undo, the comparison by kind, and "Instant quote". Its words follow
 * what is in it (basketWords.ts).
 */
import { useId, useRef, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { MAX_BASKET_ITEMS, basketStore, type BasketItem } from '@copytech/shared';
import { useProductDetails } from '../products/useProductDetails';
import { announce } from '../ui/announcer';
import { BasketItemList } from './BasketItemList';
import { countedItems, itemsNoun, theseItems } from './basketWords';
import { Comparison } from './Comparison';
import { drawerView } from './drawerView';
import { EmptyBasket } from './EmptyBasket';
import { QuoteTotal } from './QuoteTotal';
import styles from './BasketView.module.css';

export const BasketView = observer(function BasketView() {
  const headingId = useId();
  const reasonId = useId();
  const items = basketStore.list;
  const count = basketStore.count;
  useProductDetails(items.map((item) => item.modelId));

  const removeButtons = useRef(new Map<string, HTMLButtonElement>());
  const headingRef = useRef<HTMLHeadingElement>(null);
  const undoRef = useRef<HTMLButtonElement>(null);
  const [cleared, setCleared] = useState<BasketItem[] | null>(null);

  const remove = (item: BasketItem) => {
    const index = items.findIndex((i) => i.modelId === item.modelId);
    basketStore.remove(item.modelId);
    announce(`${item.brand} ${item.model} removed from your basket.`);
    // Keep the keyboard where it was: the next Remove button, else the previous, else the heading.
    const next = items[index + 1] ?? items[index - 1];
    const target = next ? removeButtons.current.get(next.modelId) : null;
    (target ?? headingRef.current)?.focus();
  };

  const clear = () => {
    setCleared(items);
    basketStore.clear();
    announce('Your basket has been cleared.');
    requestAnimationFrame(() => undoRef.current?.focus());
  };

  const undo = () => {
    if (!cleared) return;
    basketStore.replaceItems([...cleared, ...basketStore.list]);
    setCleared(null);
    announce('Your basket has been restored.');
    headingRef.current?.focus();
  };

  return (
    <section className={styles.view} aria-labelledby={headingId}>
      <div className={styles.header}>
        <h2 id={headingId} ref={headingRef} tabIndex={-1} className={styles.heading} data-view-heading>
          Comparison basket
        </h2>
        <p className={styles.count} data-testid="basket-count">
          <strong>{count}</strong> of {MAX_BASKET_ITEMS} {itemsNoun(items, MAX_BASKET_ITEMS)}
        </p>
      </div>

      {cleared && basketStore.isEmpty ? (
        <div className={styles.undo}>
          <p>Basket cleared ({countedItems(cleared)}).</p>
          <button ref={undoRef} type="button" className={styles.secondary} onClick={undo}>
            Undo
          </button>
        </div>
      ) : null}

      {basketStore.isEmpty ? (
        <EmptyBasket />
      ) : (
        <>
          {basketStore.isFull ? <p className={styles.full}>{fullNotice(items)}</p> : null}
          <BasketItemList items={items} removeButtons={removeButtons} onRemove={remove} />

          <Comparison items={items} />
          <QuoteTotal items={items} />

          <div className={styles.clearRow}>
            <button type="button" className={styles.textButton} onClick={clear}>
              Clear basket
            </button>
          </div>
        </>
      )}

      <QuoteFooter items={items} isEmpty={basketStore.isEmpty} reasonId={reasonId} />
    </section>
  );
});

function fullNotice(items: readonly BasketItem[]): string {
  return `Your basket is full (${MAX_BASKET_ITEMS} ${itemsNoun(items)}): remove one to add another.`;
}

/** "Instant quote", with why it is off (an empty basket) or what it sends. */
function QuoteFooter({ items, isEmpty, reasonId }: { items: readonly BasketItem[]; isEmpty: boolean; reasonId: string }) {
  return (
    <div className={styles.footer}>
      <button
        type="button"
        className={styles.primary}
        disabled={isEmpty}
        aria-describedby={isEmpty ? reasonId : undefined}
        onClick={() => drawerView.requestQuote()}
      >
        Instant quote
      </button>
      {isEmpty ? (
        <p id={reasonId} className={styles.reason}>
          Add at least one product to request a quote.
        </p>
      ) : (
        <p className={styles.reason}>One quote for {theseItems(items)}, by e-mail in about 2 minutes.</p>
      )}
    </div>
  );
}
