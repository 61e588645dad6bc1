/**
 * The basket drawer's views (docs/product-rules.md "Quote flow"), the basket remote's own state
 * since the shared basket store holds only what several rooms need.
 */
import { BasketStore, UiStore, type BasketItem } from '@copytech/shared';
import { DrawerViewStore } from './drawerView';

function product(n: number): BasketItem {
  return {
    modelId: `brand${n}model${n}`,
    brand: `Brand ${n}`,
    model: `Model ${n}`,
    productCategory: 'multifunctional-printer',
    productSpecification: null,
  };
}

const made: Array<{ basket: BasketStore; view: DrawerViewStore }> = [];
function makeStores() {
  const ui = new UiStore();
  const basket = new BasketStore(ui, { persist: false });
  const view = new DrawerViewStore(basket);
  made.push({ basket, view });
  return { ui, basket, view };
}
afterEach(() => {
  made.splice(0).forEach(({ basket, view }) => {
    view.dispose();
    basket.dispose();
  });
});

it('Basket → QuoteDetails → Confirmation → Ok closes the drawer and returns to Basket', () => {
  const { ui, basket, view } = makeStores();
  basket.open();
  view.requestQuote();
  expect(view.view).toBe('Basket');
  basket.add(product(1));
  view.requestQuote();
  expect(view.view).toBe('QuoteDetails');
  view.backToBasket();
  expect(view.view).toBe('Basket');
  view.requestQuote();
  view.confirmQuoteSent('CT-ABC123');
  expect(view.view).toBe('Confirmation');
  expect(view.lastQuoteReference).toBe('CT-ABC123');
  expect(ui.drawer).toBe('basket');
  view.acknowledgeConfirmation();
  expect(view.view).toBe('Basket');
  expect(view.lastQuoteReference).toBeNull();
  expect(ui.drawer).toBeNull();
});

it('closing the drawer on the Confirmation view, however it closes, means it is done with', () => {
  const { ui, basket, view } = makeStores();
  basket.add(product(1));
  basket.open();
  view.confirmQuoteSent('CT-1');
  basket.close();
  expect(view.view).toBe('Basket');
  expect(view.lastQuoteReference).toBeNull();

  basket.open();
  view.confirmQuoteSent('CT-2');
  ui.closeDrawer(); // Escape or the overlay, through the shell's UI store
  expect(view.view).toBe('Basket');
});

it('closing the drawer keeps the quote form: a visitor who comes back finds what they typed', () => {
  const { basket, view } = makeStores();
  basket.add(product(1));
  basket.open();
  view.requestQuote();
  basket.close();
  basket.open();
  expect(view.view).toBe('QuoteDetails');
});

it('the quote form goes back to the Basket view when the basket empties', () => {
  const { basket, view } = makeStores();
  basket.add(product(1));
  view.requestQuote();
  basket.remove('brand1model1');
  expect(view.view).toBe('Basket');
  basket.add(product(2));
  expect(view.view).toBe('Basket');
});
