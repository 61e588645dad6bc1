/**
 * The comparison basket (SPEC.md sections 3 and 4): the contract between the teams.
 * The catalogue adds, the shell shows the count and opens the drawer, the basket remote renders
 * and submits. Other rooms call its actions; no one writes its fields from outside.
 */
import { action, computed, makeObservable, observable, runInAction } from 'mobx';
import { hydrateStore, makePersistable } from 'mobx-persist-store';
import type { Product } from '../domain/product';
import type { UiStore } from './UiStore';
import { trackEvent } from '../tracking/analytics';

export const BASKET_STORAGE_KEY = 'basket';
export const MAX_BASKET_ITEMS = 5;

export interface BasketItem {
  modelId: string;
  brand: string;
  model: string;
  productCategory: string;
  productSpecification: string | null;
}

export type BasketView = 'Basket' | 'QuoteDetails' | 'Confirmation';
export type BasketMode = 'single' | 'multiple';
export type AddRefusal = 'full' | 'already-in-basket';

export function basketItemOf(product: Pick<Product, 'modelId' | 'brand' | 'model' | 'productCategory' | 'productSpecification'>): BasketItem {
  return {
    modelId: product.modelId,
    brand: product.brand,
    model: product.model,
    productCategory: String(product.productCategory),
    productSpecification: product.productSpecification ?? null,
  };
}

function isBasketItem(value: unknown): value is BasketItem {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.modelId === 'string' &&
    v.modelId.length > 0 &&
    typeof v.brand === 'string' &&
    typeof v.model === 'string' &&
    typeof v.productCategory === 'string' &&
    (v.productSpecification === null || v.productSpecification === undefined || typeof v.productSpecification === 'string')
  );
}

/** Turn whatever is in storage into a valid map; anything malformed is dropped, never thrown. */
export function sanitiseStoredItems(raw: unknown): Map<string, BasketItem> {
  const items = new Map<string, BasketItem>();
  const entries: unknown[] = Array.isArray(raw) ? raw : typeof raw === 'object' && raw !== null ? Object.values(raw) : [];
  for (const entry of entries) {
    const candidate = Array.isArray(entry) && entry.length === 2 ? entry[1] : entry;
    if (isBasketItem(candidate) && items.size < MAX_BASKET_ITEMS && !items.has(candidate.modelId)) {
      items.set(candidate.modelId, basketItemOf(candidate));
    }
  }
  return items;
}

/** A storage that never throws: private windows, quota errors and corrupt JSON give an empty basket. */
function safeLocalStorage() {
  const storage = typeof window !== 'undefined' ? window.localStorage : undefined;
  return {
    getItem(key: string): string | null {
      try {
        const value = storage?.getItem(key) ?? null;
        if (value !== null) JSON.parse(value);
        return value;
      } catch {
        return null;
      }
    },
    setItem(key: string, value: unknown): void {
      try {
        storage?.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
      } catch {
        /* storage full or unavailable: the basket still works for this visit */
      }
    },
    removeItem(key: string): void {
      try {
        storage?.removeItem(key);
      } catch {
        /* ignore */
      }
    },
  };
}

export class BasketStore {
  items = observable.map<string, BasketItem>();
  mode: BasketMode = 'multiple';
  instantMode = false;
  instantItem: BasketItem | null = null;
  view: BasketView = 'Basket';
  /** Reference of the last quote sent, shown on the Confirmation view. */
  lastQuoteReference: string | null = null;

  constructor(
    private readonly ui: UiStore,
    options: { persist?: boolean } = {},
  ) {
    makeObservable(this, {
      items: observable,
      mode: observable,
      instantMode: observable,
      instantItem: observable,
      view: observable,
      lastQuoteReference: observable,
      count: computed,
      list: computed,
      isEmpty: computed,
      isFull: computed,
      isOpen: computed,
      add: action,
      remove: action,
      clear: action,
      setMode: action,
      toggleMode: action,
      startInstantQuote: action,
      stopInstantMode: action,
      showView: action,
      confirmQuoteSent: action,
      acknowledgeConfirmation: action,
      replaceItems: action,
    });
    if (options.persist !== false && typeof window !== 'undefined') this.persist();
  }

  private persist(): void {
    void makePersistable(this, {
      name: BASKET_STORAGE_KEY,
      storage: safeLocalStorage(),
      properties: [
        {
          key: 'items',
          serialize: (value: Map<string, BasketItem>) => Array.from(value.values()),
          deserialize: (value: unknown) => observable.map(sanitiseStoredItems(value)),
        },
      ],
    });
    // A change made in another tab shows here too.
    window.addEventListener('storage', (event) => {
      if (event.key === BASKET_STORAGE_KEY) void hydrateStore(this);
    });
  }

  get count(): number {
    return this.items.size;
  }
  get list(): BasketItem[] {
    return Array.from(this.items.values());
  }
  get isEmpty(): boolean {
    return this.items.size === 0;
  }
  get isFull(): boolean {
    return this.items.size >= MAX_BASKET_ITEMS;
  }
  get isOpen(): boolean {
    return this.ui.drawer === 'basket';
  }

  has(modelId: string): boolean {
    return this.items.has(modelId);
  }

  /** Why a product cannot be added, or null when it can. */
  refusalFor(modelId: string): AddRefusal | null {
    if (this.items.has(modelId)) return 'already-in-basket';
    if (this.isFull) return 'full';
    return null;
  }

  add(product: Parameters<typeof basketItemOf>[0]): AddRefusal | null {
    const refusal = this.refusalFor(product.modelId);
    if (refusal) return refusal;
    const item = basketItemOf(product);
    this.items.set(item.modelId, item);
    trackEvent('product_added', { modelId: item.modelId, brand: item.brand, category: item.productCategory });
    return null;
  }

  remove(modelId: string): void {
    this.items.delete(modelId);
  }

  /** Empties the basket and resets the instant item (SPEC.md section 4). */
  clear(): void {
    this.items.clear();
    this.instantItem = null;
    this.instantMode = false;
  }

  replaceItems(items: Map<string, BasketItem>): void {
    this.items.replace(items);
  }

  setMode(mode: BasketMode): void {
    this.mode = mode;
  }
  toggleMode(): void {
    this.mode = this.mode === 'single' ? 'multiple' : 'single';
  }

  /** Single-product quote from a product page: opens the Instant quote panel for that product. */
  startInstantQuote(product: Parameters<typeof basketItemOf>[0]): void {
    this.instantItem = basketItemOf(product);
    this.instantMode = true;
    this.mode = 'single';
    this.ui.openDrawer('instant-quote');
  }
  stopInstantMode(): void {
    this.instantMode = false;
    this.mode = 'multiple';
    if (this.ui.drawer === 'instant-quote') this.ui.closeDrawer();
  }

  open(): void {
    this.ui.openDrawer('basket');
  }
  close(): void {
    if (this.ui.drawer === 'basket') this.ui.closeDrawer();
  }
  toggle(): void {
    if (this.isOpen) this.close();
    else this.open();
  }

  showView(view: BasketView): void {
    this.view = view;
  }

  /** After a successful submit: the Confirmation view. */
  confirmQuoteSent(reference: string): void {
    this.lastQuoteReference = reference;
    this.view = 'Confirmation';
  }

  /** Confirmation's Ok closes the drawer and returns to the Basket view. */
  acknowledgeConfirmation(): void {
    this.view = 'Basket';
    this.lastQuoteReference = null;
    this.ui.closeDrawer();
  }

  /** The product ids a quote is for: the instant item in instant mode, otherwise the basket. */
  get quoteProductIds(): string[] {
    if (this.instantMode && this.instantItem) return [this.instantItem.modelId];
    return this.list.map((item) => item.modelId);
  }

  /** Re-read storage now (used by tests and after another tab changed it). */
  async reload(): Promise<void> {
    await hydrateStore(this);
    runInAction(() => undefined);
  }
}
