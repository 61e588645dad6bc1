/** The products in the basket: image, brand, model (a link to its page) and Remove. */
import type { RefObject } from 'react';
import { observer } from 'mobx-react-lite';
import { Link } from 'react-router-dom';
import type { BasketItem } from '@copytech/shared';
import { productPath } from '@copytech/shared/domain';
import { ProductThumb } from '../products/ProductThumb';
import { itemsNoun } from './basketWords';
import styles from './BasketView.module.css';

interface BasketItemListProps {
  items: readonly BasketItem[];
  /** each item's Remove button, by model id, for moving focus after a removal */
  removeButtons: RefObject<Map<string, HTMLButtonElement>>;
  onRemove: (item: BasketItem) => void;
}

export const BasketItemList = observer(function BasketItemList({ items, removeButtons, onRemove }: BasketItemListProps) {
  return (
    <ul className={styles.items} aria-label={`${capitalised(itemsNoun(items))} in your basket`}>
      {items.map((item) => {
        const path = productPath(item);
        return (
          <li key={item.modelId} className={styles.item}>
            <ProductThumb modelId={item.modelId} />
            <span className={styles.itemText}>
              <span className={styles.brand}>{item.brand}</span>
              {path === '#' ? (
                <span className={styles.model}>{item.model}</span>
              ) : (
                <Link className={styles.model} to={path}>
                  {item.model}
                  <span className="visually-hidden"> ({item.brand}, product page)</span>
                </Link>
              )}
            </span>
            <button
              ref={(element) => {
                if (element) removeButtons.current.set(item.modelId, element);
                else removeButtons.current.delete(item.modelId);
              }}
              type="button"
              className={styles.remove}
              onClick={() => onRemove(item)}
            >
              Remove<span className="visually-hidden"> {`${item.brand} ${item.model}`}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
});

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
