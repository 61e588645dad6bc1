/**
 * The header's basket button: the live number of products in the comparison basket, and it opens or
 * closes the basket drawer (docs/product-rules.md "Navigation"). The count comes from the shared
 * basket store, so a product added by any remote shows here at once.
 */
import { observer } from 'mobx-react-lite';
import { basketStore, useHydrated } from '@copytech/shared';
import { DRAWER_ELEMENT_IDS, itemCountText } from '../navigation';
import { BasketIcon } from '../icons';
import { preloadDrawerProps } from '../overlays/drawerPart';
import styles from './BasketToggle.module.css';

export const BasketToggle = observer(function BasketToggle() {
  // The basket lives in the visitor's browser: the server's HTML (and hydration) show it empty.
  const hydrated = useHydrated();
  const count = hydrated ? basketStore.count : 0;
  return (
    <button
      type="button"
      className={styles.toggle}
      title="Comparison basket"
      aria-label={`Comparison basket, ${itemCountText(count)}`}
      aria-expanded={basketStore.isOpen}
      aria-controls={basketStore.isOpen ? DRAWER_ELEMENT_IDS.basket : undefined}
      aria-haspopup="dialog"
      onClick={() => basketStore.toggle()}
      {...preloadDrawerProps}
      data-testid="basket-toggle"
    >
      <BasketIcon className={styles.icon} />
      <span className={styles.label} aria-hidden="true">
        Basket
      </span>
      <span className={count > 0 ? `${styles.count} ${styles.filled}` : styles.count} data-testid="basket-count" aria-hidden="true">
        {count}
      </span>
    </button>
  );
});
