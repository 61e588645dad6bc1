/**
 * The basket store is the contract between the rooms (docs/product-rules.md "Contents and limits"):
 * these tests pin what the catalogue, the shell and the basket remote rely on.
 */
import { BASKET_STORAGE_KEY, BasketStore, MAX_BASKET_ITEMS, sanitiseStoredItems, storedItemsOf, type BasketItem } from './BasketStore';
import { UiStore } from './UiStore';
import { onAnalyticsEvent, type AnalyticsEvent } from '../tracking/analytics';

function product(n: number, extra: Partial<BasketItem> = {}): BasketItem {
  return {
    modelId: `brand${n}model${n}`,
    brand: `Brand ${n}`,
    model: `Model ${n}`,
    productCategory: 'multifunctional-printer',
    productSpecification: null,
    ...extra,
  };
}

const stores: BasketStore[] = [];
function makeStore(ui = new UiStore(), persist = true): { store: BasketStore; ui: UiStore } {
  const store = new BasketStore(ui, { persist });
  stores.push(store);
  return { store, ui };
}

/** What mobx-persist-store has written under 'basket', once its reaction has run. */
async function stored(): Promise<unknown> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  const text = window.localStorage.getItem(BASKET_STORAGE_KEY);
  return text === null ? null : JSON.parse(text);
}

beforeEach(() => {
  window.localStorage.clear();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  stores.splice(0).forEach((store) => store.dispose());
  jest.restoreAllMocks();
});

describe('adding and removing', () => {
  it('holds at most five printers and says why a sixth is refused', () => {
    const { store } = makeStore(undefined, false);
    for (let n = 1; n <= MAX_BASKET_ITEMS; n += 1) expect(store.add(product(n))).toBeNull();
    expect(store.count).toBe(5);
    expect(store.isFull).toBe(true);
    expect(store.refusalFor(product(6).modelId)).toBe('full');
    expect(store.add(product(6))).toBe('full');
    expect(store.count).toBe(5);
    expect(store.has(product(6).modelId)).toBe(false);
    store.remove(product(1).modelId);
    expect(store.add(product(6))).toBeNull();
    expect(store.list.map((item) => item.modelId)).toEqual([2, 3, 4, 5, 6].map((n) => product(n).modelId));
  });

  it('keys items by modelId, so the same product is only in once', () => {
    const { store } = makeStore(undefined, false);
    expect(store.add(product(1))).toBeNull();
    expect(store.add(product(1, { model: 'Renamed' }))).toBe('already-in-basket');
    expect(store.count).toBe(1);
    expect(store.list[0]!.model).toBe('Model 1');
  });

  it('keeps only the five fields of a basket item', () => {
    const { store } = makeStore(undefined, false);
    store.add({ ...product(1), price: { startingFrom: 1, '60MonthLeasePrice': 2 } } as unknown as BasketItem);
    expect(Object.keys(store.list[0]!).sort()).toEqual(['brand', 'model', 'modelId', 'productCategory', 'productSpecification']);
  });

  it('fires product_added (ids only, no personal data) on add, not on refusal', () => {
    const events: AnalyticsEvent[] = [];
    const off = onAnalyticsEvent((event) => events.push(event));
    const { store } = makeStore(undefined, false);
    store.add(product(1));
    store.add(product(1));
    off();
    expect(events.filter((e) => e.event === 'product_added')).toHaveLength(1);
    expect(events[0]!.params).toEqual({ modelId: 'brand1model1', brand: 'Brand 1', category: 'multifunctional-printer' });
  });

  it('clear empties the basket and resets the instant item', () => {
    const { store, ui } = makeStore(undefined, false);
    store.add(product(1));
    store.add(product(2));
    store.startInstantQuote(product(3));
    expect(store.instantItem?.modelId).toBe('brand3model3');
    ui.closeDrawer();
    store.clear();
    expect(store.isEmpty).toBe(true);
    expect(store.instantItem).toBeNull();
    expect(store.instantMode).toBe(false);
  });
});

describe('persistence under the key "basket"', () => {
  it('writes every change and a new store (a reload) reads it back', async () => {
    const first = makeStore().store;
    await first.ready;
    first.add(product(1));
    first.add(product(2, { productSpecification: 'light-production' }));
    const saved = (await stored()) as { items: BasketItem[] };
    expect(saved.items.map((item) => item.modelId)).toEqual(['brand1model1', 'brand2model2']);

    first.dispose();
    const second = makeStore().store;
    // Loaded at start, synchronously: the count is right on the first render.
    expect(second.count).toBe(2);
    await second.ready;
    expect(second.list).toEqual([product(1), product(2, { productSpecification: 'light-production' })]);

    second.remove('brand1model1');
    expect(((await stored()) as { items: BasketItem[] }).items.map((item) => item.modelId)).toEqual(['brand2model2']);
  });

  it('does not lose an add made before the storage library finished loading', async () => {
    window.localStorage.setItem(BASKET_STORAGE_KEY, JSON.stringify({ items: [product(1)] }));
    const { store } = makeStore();
    store.add(product(2));
    await store.ready;
    expect(store.list.map((item) => item.modelId)).toEqual(['brand1model1', 'brand2model2']);
    expect(((await stored()) as { items: BasketItem[] }).items).toHaveLength(2);
  });

  it.each([
    ['not JSON', '{not json'],
    ['an array', '[1,2]'],
    ['items not a list', '{"items":"x"}'],
    ['items null', '{"items":null}'],
    ['a string', '"basket"'],
    ['null', 'null'],
    ['items of the wrong shape', '{"items":[{"modelId":1},{"brand":"x"},[1,2],null,"y"]}'],
    ['an empty modelId', '{"items":[{"modelId":"","brand":"b","model":"m","productCategory":"c"}]}'],
  ])('garbage in storage (%s) gives an empty basket and no crash', async (_label, garbage) => {
    window.localStorage.setItem(BASKET_STORAGE_KEY, garbage);
    let store: BasketStore | undefined;
    expect(() => {
      store = makeStore().store;
    }).not.toThrow();
    await expect(store!.ready).resolves.toBeUndefined();
    expect(store!.isEmpty).toBe(true);
    // and it still works
    expect(store!.add(product(1))).toBeNull();
    expect(((await stored()) as { items: BasketItem[] }).items).toHaveLength(1);
  });

  it('keeps the valid items of a partly corrupt basket, at most five, each once', () => {
    const raw = [product(1), { nonsense: true }, product(1), product(2), product(3), product(4), product(5), product(6)];
    expect(Array.from(sanitiseStoredItems(raw).keys())).toEqual([1, 2, 3, 4, 5].map((n) => product(n).modelId));
    expect(storedItemsOf(JSON.stringify({ items: raw })).size).toBe(5);
  });

  it('survives storage that throws (private windows, quota)', async () => {
    jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('QuotaExceededError');
    });
    const { store } = makeStore();
    await store.ready;
    expect(store.add(product(1))).toBeNull();
    await stored().catch(() => undefined);
    expect(store.count).toBe(1);
  });

  it('works for the visit where the browser refuses access to storage (reading window.localStorage throws)', async () => {
    const original = Object.getOwnPropertyDescriptor(window, 'localStorage')!;
    Object.defineProperty(window, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    try {
      const { store } = makeStore();
      await store.ready;
      expect(store.count).toBe(0);
      expect(store.add(product(1))).toBeNull();
      expect(store.count).toBe(1);
      store.dispose();
    } finally {
      Object.defineProperty(window, 'localStorage', original);
    }
  });
});

describe('another tab', () => {
  function storageEvent(newValue: string | null, key: string | null = BASKET_STORAGE_KEY): StorageEvent {
    return new StorageEvent('storage', { key, newValue, storageArea: window.localStorage });
  }

  it('shows a change made in another tab', async () => {
    const { store } = makeStore();
    await store.ready;
    store.add(product(1));
    const otherTab = JSON.stringify({ items: [product(1), product(2), product(3)] });
    window.localStorage.setItem(BASKET_STORAGE_KEY, otherTab);
    window.dispatchEvent(storageEvent(otherTab));
    expect(store.list.map((item) => item.modelId)).toEqual(['brand1model1', 'brand2model2', 'brand3model3']);
  });

  it('empties when the other tab clears the basket or storage, and ignores garbage safely', async () => {
    const { store } = makeStore();
    await store.ready;
    store.add(product(1));
    window.dispatchEvent(storageEvent(null));
    expect(store.isEmpty).toBe(true);
    store.add(product(2));
    window.localStorage.clear();
    window.dispatchEvent(storageEvent(null, null));
    expect(store.isEmpty).toBe(true);
    store.add(product(3));
    expect(() => window.dispatchEvent(storageEvent('{not json'))).not.toThrow();
    expect(store.isEmpty).toBe(true);
  });

  it('ignores other keys', async () => {
    const { store } = makeStore();
    await store.ready;
    store.add(product(1));
    window.dispatchEvent(storageEvent(JSON.stringify({ items: [] }), 'cookie-acceptance-status'));
    expect(store.count).toBe(1);
  });

  it('a store that is disposed stops listening', async () => {
    const { store } = makeStore();
    await store.ready;
    store.add(product(1));
    store.dispose();
    window.dispatchEvent(storageEvent(null));
    expect(store.count).toBe(1);
  });
});

describe('instant mode and the drawer', () => {
  it('instant mode: on with the product and its own panel, off again; the basket is left as it was', () => {
    const { store, ui } = makeStore(undefined, false);
    store.add(product(1));
    store.add(product(2));
    store.startInstantQuote(product(7));
    expect(store.instantMode).toBe(true);
    expect(store.instantItem?.modelId).toBe('brand7model7');
    expect(ui.drawer).toBe('instant-quote');
    expect(store.count).toBe(2);
    store.stopInstantMode();
    expect(store.instantMode).toBe(false);
    expect(ui.drawer).toBeNull();
    expect(store.list.map((item) => item.modelId)).toEqual(['brand1model1', 'brand2model2']);
  });

  it('opening the basket ends instant mode', () => {
    const { store, ui } = makeStore(undefined, false);
    store.add(product(1));
    store.startInstantQuote(product(7));
    store.open();
    expect(ui.drawer).toBe('basket');
    expect(store.instantMode).toBe(false);
  });

  it('opens, closes and toggles the basket drawer through the UI store', () => {
    const { store, ui } = makeStore(undefined, false);
    expect(store.isOpen).toBe(false);
    store.open();
    expect(ui.drawer).toBe('basket');
    expect(store.isOpen).toBe(true);
    store.toggle();
    expect(store.isOpen).toBe(false);
    store.toggle();
    expect(store.isOpen).toBe(true);
    store.close();
    expect(ui.drawer).toBeNull();
    ui.openDrawer('nav');
    store.close();
    expect(ui.drawer).toBe('nav');
  });
});
