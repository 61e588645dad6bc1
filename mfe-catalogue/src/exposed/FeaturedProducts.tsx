/**
 * Featured printers for the home page (exposed to the content remote's home slot through the
 * shell's federation runtime). Skeleton cards hold the space while they load; a failure offers
 * Retry; an empty answer renders nothing at all.
 */
import { useEffect, useId, useReducer, useRef, useState } from 'react';
import { usePageData, type FeaturedProductsProps } from '@copytech/shared';
import type { Product, ProductResults } from '@copytech/shared/domain';
import { resultsOf, featuredUrl, fetchFeatured, MAX_LIMIT } from '../api/catalogueApi';
import { isAbort } from '../api/http';
import { ProductGrid, ProductGridSkeleton } from '../cards/ProductGrid';
import styles from './FeaturedProducts.module.css';

type State = { status: 'loading' } | { status: 'error' } | { status: 'ok'; products: Product[] };

const shown = (products: Product[], count: number): State => ({
  status: 'ok',
  products: products.filter((p) => p && p.modelId).slice(0, count),
});

export default function FeaturedProducts({ heading = 'Featured printers', limit = 4 }: FeaturedProductsProps) {
  const headingId = useId();
  const count = Math.max(1, Math.min(MAX_LIMIT, Math.floor(limit) || 4));
  // Answered by the server when it renders the page (the HTML holds the products); hydration
  // starts from the same answer and does not fetch it again.
  const first = usePageData<Partial<ProductResults> | null>(featuredUrl(count));
  const [state, setState] = useState<State>(() => (first?.ok ? shown(resultsOf(first.value), count) : { status: 'loading' }));
  const [attempt, retry] = useReducer((n: number) => n + 1, 0);
  const answered = useRef(state.status === 'ok');

  useEffect(() => {
    if (answered.current) {
      answered.current = false;
      return undefined;
    }
    const controller = new AbortController();
    setState({ status: 'loading' });
    fetchFeatured(count, controller.signal)
      .then((products) => setState(shown(products, count)))
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
