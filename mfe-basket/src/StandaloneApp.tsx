/**
 * The basket remote running alone (QA, the team's own tests): a product picker from the API on
 * one side, the drawer contents rendered inline on the other, and buttons to switch its views.
 */
import { observer } from 'mobx-react-lite';
import { StandaloneFrame, basketStore } from '@copytech/shared';
import { drawerView, type BasketView } from './basket/drawerView';
import BasketDrawer from './exposed/BasketDrawer';
import InstantQuote from './exposed/InstantQuote';
import { ProductPicker } from './standalone/ProductPicker';
import styles from './standalone/Standalone.module.css';

const VIEWS: ReadonlyArray<{ view: BasketView; label: string }> = [
  { view: 'Basket', label: 'Basket' },
  { view: 'QuoteDetails', label: 'Quote details' },
  { view: 'Confirmation', label: 'Confirmation (preview)' },
];

function showView(view: BasketView): void {
  if (view === 'Confirmation') drawerView.confirmQuoteSent(drawerView.lastQuoteReference ?? 'CT-PREVIEW0');
  else drawerView.show(view);
}

export const StandaloneApp = observer(function StandaloneApp() {
  return (
    <StandaloneFrame remote="basket">
      <div className={styles.layout}>
        <ProductPicker />
        <div className={styles.panels}>
          <div className={styles.viewSwitch} role="group" aria-label="Drawer view">
            {VIEWS.map(({ view, label }) => (
              <button
                key={view}
                type="button"
                className={styles.button}
                aria-pressed={drawerView.view === view}
                onClick={() => showView(view)}
              >
                {label}
              </button>
            ))}
          </div>
          <div className={styles.panel} data-testid="standalone-basket-drawer">
            <BasketDrawer />
          </div>
          {basketStore.instantMode ? (
            <div className={styles.panel} data-testid="standalone-instant-quote">
              <InstantQuote />
            </div>
          ) : null}
        </div>
      </div>
    </StandaloneFrame>
  );
});
