/**
 * Featured printers for the home page (exposed to the content remote's home slot through the
 * shell's federation runtime). Skeleton cards hold the space while they load; a failure offers
 * Retry; an empty answer renders nothing at all.
 */
import { useEffect, useId, useReducer, useState } from 'react';
import type { FeaturedProductsProps } from '@copytech/shared';
import type { Product } from '@copytech/shared/domain';
import { fetchFeatured, MAX_LIMIT } from '../api/catalogueApi';
import { isAbort } from '../api/http';
import { ProductGrid, ProductGridSkeleton } from '../cards/ProductGrid';
import styles from './FeaturedProducts.module.css';

type State = { status: 'loading' } | { status: 'error' } | { status: 'ok'; products: Product[] };

export default function FeaturedProducts({ heading = 'Featured printers', limit = 4 }: FeaturedProductsProps) {
  const headingId = useId();
  const count = Math.max(1, Math.min(MAX_LIMIT, Math.floor(limit) || 4));
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, retry] = useReducer((n: number) => n + 1, 0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetchFeatured(count, controller.signal)
      .then((products) => setState({ status: 'ok', products: products.filter((p) => p && p.modelId).slice(0, count) }))
      .catch((error: unknown) => {
        if (controller.signal.aborted || isAbort(error)) return;
        console.error('[catalogue] featured printers:', (error as Error).message);
        setState({ status: 'error' });
      });
    return () => controller.abort();
  }, [count, attempt]);

  if (state.status === 'ok' && state.products.length === 0) return null;
  return (
    <section className={styles.featured} aria-labelledby={headingId} data-testid="featured-products">
      <h2 id={headingId} className={styles.heading}>
        {heading}
      </h2>
      {state.status === 'loading' ? (
        <>
          <p role="status" className="visually-hidden">
            Loading {heading.toLowerCase()}…
          </p>
          <ProductGridSkeleton count={count} />
        </>
      ) : state.status === 'error' ? (
        <div className={styles.error} role="alert">
          <p>Sorry, the featured printers could not be loaded.</p>
          <button type="button" className={styles.retry} onClick={retry}>
            Retry
          </button>
        </div>
      ) : (
        <ProductGrid products={state.products} headingLevel={3} label={heading} />
      )}
    </section>
  );
}
