/**
 * Standalone only: a plain product picker from the real API (GET /api/printers/all), so QA can
 * fill the basket and send quotes without the catalogue remote.
 */
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { observer } from 'mobx-react-lite';
import { basketStore } from '@copytech/shared';
import { categoryLabel, formatPence, startingFromPence, type Product, type ProductList } from '@copytech/shared/domain';
import styles from './Standalone.module.css';

export const PICKER_ENDPOINT = '/api/printers/all?limit=48';

type Load = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; products: Product[] };

/** The products from the API, with Retry; `load` says where the request is. */
function usePickerProducts(): { load: Load; retry: () => void } {
  const [load, setLoad] = useState<Load>({ status: 'loading' });

  const fetchProducts = useCallback(async () => {
    setLoad({ status: 'loading' });
    try {
      const response = await fetch(PICKER_ENDPOINT, { headers: { Accept: 'application/json' } });
      if (!response.ok) throw new Error(String(response.status));
      const body = (await response.json()) as ProductList;
      setLoad({ status: 'loaded', products: Array.isArray(body.results) ? body.results : [] });
    } catch {
      setLoad({ status: 'failed' });
    }
  }, []);

  useEffect(() => {
    void fetchProducts();
  }, [fetchProducts]);

  return { load, retry: () => void fetchProducts() };
}

/** The products whose brand, model or category hold every word of the query. */
function matching(products: Product[], query: string): Product[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return products.filter((p) => {
    const text = `${p.brand} ${p.model} ${p.productCategory}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

export const ProductPicker = observer(function ProductPicker() {
  const searchId = useId();
  const { load, retry } = usePickerProducts();
  const [query, setQuery] = useState('');
  const shown = useMemo(() => (load.status === 'loaded' ? matching(load.products, query) : []), [load, query]);

  return (
    <section className={styles.picker} aria-labelledby={`${searchId}-heading`}>
      <h2 id={`${searchId}-heading`} className={styles.pickerHeading}>
        Pick printers
      </h2>
      <label htmlFor={searchId} className={styles.label}>
        Search by brand or model
      </label>
      <input
        id={searchId}
        type="search"
        className={styles.search}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        autoComplete="off"
      />
      {load.status === 'loading' ? <p role="status">Loading printers…</p> : null}
      {load.status === 'failed' ? (
        <p role="alert">
          The printers could not be loaded.{' '}
          <button type="button" className={styles.button} onClick={retry}>
            Retry
          </button>
        </p>
      ) : null}
      {load.status === 'loaded' ? (
        <>
          <p className={styles.meta} aria-live="polite">
            {shown.length} of {load.products.length} printers
          </p>
          <ul className={styles.products}>
            {shown.map((product) => (
              <PickerProduct key={product.modelId} product={product} />
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
});

/** One product: name, category and price, with Add (to the basket) and Quote (an instant quote for it alone). */
const PickerProduct = observer(function PickerProduct({ product }: { product: Product }) {
  const refusal = basketStore.refusalFor(product.modelId);
  const from = formatPence(startingFromPence(product));
  const name = `${product.brand} ${product.model}`;
  return (
    <li className={styles.product}>
      <span className={styles.productText}>
        <strong>{name}</strong>
        <span className={styles.meta}>
          {categoryLabel(String(product.productCategory))}
          {from ? ` · from ${from}` : ''}
        </span>
      </span>
      <span className={styles.productActions}>
        <button
          type="button"
          className={styles.button}
          disabled={refusal !== null}
          aria-label={refusal === 'already-in-basket' ? `${name} is in the basket` : `Add ${name} to the basket`}
          title={refusal === 'full' ? 'The basket holds five printers' : undefined}
          onClick={() => basketStore.add(product)}
        >
          {refusal === 'already-in-basket' ? 'In basket' : 'Add'}
        </button>
        <button
          type="button"
          className={styles.button}
          aria-label={`Instant quote for ${name}`}
          onClick={() => basketStore.startInstantQuote(product)}
        >
          Quote
        </button>
      </span>
    </li>
  );
});
