/**
 * The comparison basket (docs/product-rules.md "Basket"): the contract between the teams, and only
 * what more than one room needs. The catalogue adds and starts an instant quote, the shell shows
 * the count and opens and closes the drawer, the basket remote renders and submits. Which view the
 * drawer shows and the last quote's reference are the basket remote's own (mfe-basket's
 * drawerView.ts); whether a drawer is open is the UI store's. Other rooms call its actions; no one
 * writes its fields from outside.
 */
import { action, computed, makeObservable, observable } from 'mobx';
import { hydrateStore, makePersistable, stopPersisting } from 'mobx-persist-store';
import { basketItemOf, type BasketItem } from '../domain/product';
import type { UiStore } from './UiStore';
import { trackEvent } from '../tracking/analytics';

export const BASKET_STORAGE_KEY = 'basket';
export const MAX_BASKET_ITEMS = 5;

export { basketItemOf, type BasketItem };

export type AddRefusal = 'full' | 'already-in-basket';

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

/**
 * The items in a stored basket document (what mobx-persist-store writes under 'basket':
 * `{"items":[…]}`). Corrupt JSON, a wrong shape or a missing document give an empty map.
 */
export function storedItemsOf(text: string | null | undefined): Map<string, BasketItem> {
  if (!text) return new Map();
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return new Map();
    return sanitiseStoredItems((parsed as Record<string, unknown>).items);
  } catch {
    return new Map();
  }
}

function readStoredText(): string | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage.getItem(BASKET_STORAGE_KEY) : null;
  } catch {
    return null;
  }
}

/** A storage that never throws: private windows, quota errors and corrupt JSON give an empty basket. */
function safeLocalStorage() {
  let storage: Storage | undefined;
  try {
    storage = typeof window !== 'undefined' ? window.localStorage : undefined;
  } catch {
    storage = undefined; // storage blocked for the site: reading window.localStorage itself throws
  }
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
  /** An instant quote of one product is under way (its own panel): the single mode of a quote. */
  instantMode = false;
  instantItem: BasketItem | null = null;

  /** Resolves once mobx-persist-store has read storage and started writing every change to it. */
  readonly ready: Promise<void>;
  /** Edits made before the library's (async) hydration finished: hydration must not undo them. */
  private editedBeforeHydration = false;
  private hydrated = false;
  private stopListening: () => void = () => undefined;

  constructor(
    private readonly ui: UiStore,
    options: { persist?: boolean } = {},
  ) {
    makeObservable<BasketStore, 'markEdited'>(this, {
      items: observable,
      instantMode: observable,
      instantItem: observable,
      count: computed,
      list: computed,
      isEmpty: computed,
      isFull: computed,
      isOpen: computed,
      add: action,
      remove: action,
      clear: action,
      startInstantQuote: action,
      stopInstantMode: action,
      open: action,
      close: action,
      toggle: action,
      replaceItems: action,
      markEdited: action,
    });
    if (options.persist !== false && typeof window !== 'undefined') {
      // Loaded at start, synchronously: the count is right on the very first render.
      this.items.replace(storedItemsOf(readStoredText()));
      this.ready = this.persist();
    } else {
      this.hydrated = true;
      this.ready = Promise.resolve();
    }
  }

  private persist(): Promise<void> {
    const persisted = makePersistable(this, {
      name: BASKET_STORAGE_KEY,
      storage: safeLocalStorage(),
      properties: [
        {
          key: 'items',
          serialize: (value: Map<string, BasketItem>) => Array.from(value.values()),
          deserialize: (value: unknown) => {
            // The first hydration re-reads what the constructor loaded; keep anything added since.
            if (!this.hydrated && this.editedBeforeHydration) return this.items;
            return observable.map(sanitiseStoredItems(value));
          },
        },
      ],
    }).then(
      () => {
        this.hydrated = true;
      },
      () => {
        this.hydrated = true;
      },
    );
    // A change made in another tab shows here too (the event fires in every other tab of the site).
    const onStorage = (event: StorageEvent) => {
      if (event.key !== BASKET_STORAGE_KEY && event.key !== null) return;
      if (event.storageArea && event.storageArea !== window.localStorage) return;
      this.replaceItems(storedItemsOf(event.key === null ? readStoredText() : event.newValue));
    };
    window.addEventListener('storage', onStorage);
    this.stopListening = () => window.removeEventListener('storage', onStorage);
    return persisted;
  }

  /** Stops persisting and listening to other tabs (tests, hot reload). */
  dispose(): void {
    this.stopListening();
    stopPersisting(this);
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

  /** Adds a product; returns why it was refused, or null when it was added. At most five. */
  add(product: Parameters<typeof basketItemOf>[0]): AddRefusal | null {
    const refusal = this.refusalFor(product.modelId);
    if (refusal) return refusal;
    const item = basketItemOf(product);
    this.items.set(item.modelId, item);
    this.markEdited();
    trackEvent('product_added', { modelId: item.modelId, brand: item.brand, category: item.productCategory });
    return null;
  }

  remove(modelId: string): void {
    this.items.delete(modelId);
    this.markEdited();
  }

  /** Empties the basket and resets the instant item (docs/product-rules.md "Contents and limits"). */
  clear(): void {
    this.items.clear();
    this.instantItem = null;
    this.instantMode = false;
    this.markEdited();
  }

  /** Replaces the whole basket (another tab's change, or Undo after a clear). At most five. */
  replaceItems(items: Map<string, BasketItem> | Iterable<BasketItem>): void {
    const next = items instanceof Map ? Array.from(items.values()) : Array.from(items);
    this.items.replace(sanitiseStoredItems(next));
    this.markEdited();
  }

  private markEdited(): void {
    if (!this.hydrated) this.editedBeforeHydration = true;
  }

  /** Single-product quote from a product page: opens the Instant quote panel for that product. */
  startInstantQuote(product: Parameters<typeof basketItemOf>[0]): void {
    this.instantItem = basketItemOf(product);
    this.instantMode = true;
    this.ui.openDrawer('instant-quote');
  }
  stopInstantMode(): void {
    this.instantMode = false;
    if (this.ui.drawer === 'instant-quote') this.ui.closeDrawer();
  }

  /** Opens the basket drawer; this ends instant mode (one drawer at a time, one quote at a time). */
  open(): void {
    this.instantMode = false;
    this.ui.openDrawer('basket');
  }
  /** Closes the basket drawer (the basket remote then forgets a Confirmation already seen). */
  close(): void {
    if (this.ui.drawer === 'basket') this.ui.closeDrawer();
  }
  toggle(): void {
    if (this.isOpen) this.close();
    else this.open();
  }

  /** Re-read storage now. */
  async reload(): Promise<void> {
    await hydrateStore(this);
  }
}
