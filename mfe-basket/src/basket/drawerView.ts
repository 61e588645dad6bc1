/**
 * Which view the basket drawer shows, and the last quote's reference (docs/product-rules.md "Quote
 * flow"): the basket remote's own state, not the shared contract. Basket (items and comparison),
 * QuoteDetails (the form) and Confirmation. Whether the drawer is open stays the UI store's, through
 * the shared basket store's open() and close().
 */
import { action, computed, makeObservable, observable, reaction } from 'mobx';
import { basketStore as sharedBasket, type BasketStore } from '@copytech/shared';

export type BasketView = 'Basket' | 'QuoteDetails' | 'Confirmation';

export class DrawerViewStore {
  private chosen: BasketView = 'Basket';
  /** Reference of the last quote sent, shown on the Confirmation view. */
  lastQuoteReference: string | null = null;
  private readonly stopWatching: Array<() => void>;

  constructor(private readonly basket: BasketStore) {
    makeObservable<DrawerViewStore, 'chosen' | 'forgetConfirmation' | 'leaveEmptyForm'>(this, {
      chosen: observable,
      lastQuoteReference: observable,
      view: computed,
      show: action,
      requestQuote: action,
      backToBasket: action,
      confirmQuoteSent: action,
      acknowledgeConfirmation: action,
      forgetConfirmation: action,
      leaveEmptyForm: action,
    });
    this.stopWatching = [
      // However the drawer closes (Escape, the overlay, the shell), a Confirmation seen is done with.
      reaction(
        () => basket.isOpen,
        (open) => {
          if (!open) this.forgetConfirmation();
        },
      ),
      // A quote form for an emptied basket makes no sense: back to the Basket view, for good.
      reaction(
        () => basket.isEmpty,
        (empty) => {
          if (empty) this.leaveEmptyForm();
        },
      ),
    ];
  }

  /** The view shown. An emptied basket cannot be quoted: the form falls back to the Basket view. */
  get view(): BasketView {
    return this.chosen === 'QuoteDetails' && this.basket.isEmpty ? 'Basket' : this.chosen;
  }

  /** Any view (the standalone page's preview buttons). */
  show(view: BasketView): void {
    this.chosen = view;
  }

  /** 'Instant quote' in the Basket view: the QuoteDetails form (nothing happens while empty). */
  requestQuote(): void {
    if (!this.basket.isEmpty) this.chosen = 'QuoteDetails';
  }

  backToBasket(): void {
    this.chosen = 'Basket';
  }

  /** After a successful submit: the Confirmation view. */
  confirmQuoteSent(reference: string): void {
    this.lastQuoteReference = reference;
    this.chosen = 'Confirmation';
  }

  /** Confirmation's Ok closes the drawer and returns to the Basket view. */
  acknowledgeConfirmation(): void {
    this.forgetConfirmation();
    this.basket.close();
  }

  private leaveEmptyForm(): void {
    if (this.chosen === 'QuoteDetails') this.chosen = 'Basket';
  }

  private forgetConfirmation(): void {
    if (this.chosen !== 'Confirmation') return;
    this.chosen = 'Basket';
    this.lastQuoteReference = null;
  }

  /** Stops following the drawer (tests). */
  dispose(): void {
    this.stopWatching.forEach((stop) => stop());
  }
}

/** The basket drawer's view for this page: one per page, like the shared basket store it follows. */
export const drawerView = new DrawerViewStore(sharedBasket);
