/**
 * Featured printers for the home page (exposed to the content remote's home slot through the
 * shell's federation runtime). Skeleton cards hold the space while they load; a failure offers
 * Retry; an empty answer renders nothing at all.
 */
import { useId } from 'react';
import type { FeaturedProductsProps } from '@copytech/shared';
import type { Product, ProductResults } from '@copytech/shared/domain';
import { usePageResource } from '@copytech/shared/pageResource';
import { resultsOf, featuredUrl, MAX_LIMIT } from '../api/catalogueApi';
import { ProductGrid, ProductGridSkeleton } from '../cards/ProductGrid';
import styles from './FeaturedProducts.module.css';

/** The products of an answer that are shown: at most `count`, each with a model id. */
const shown = (answer: unknown, count: number): Product[] =>
  resultsOf(answer as Partial<ProductResults> | null)
    .filter((p) => p && p.modelId)
    .slice(0, count);

export default function FeaturedProducts({ heading = 'Featured printers', limit = 4 }: FeaturedProductsProps) {
  const headingId = useId();
  const count = Math.max(1, Math.min(MAX_LIMIT, Math.floor(limit) || 4));
  // Answered by the server when it renders the page (the HTML holds the products); hydration
  // starts from the same answer and does not fetch it again.
  const [state, retry] = usePageResource(featuredUrl(count), (answer) => shown(answer, count), '[catalogue] featured printers');

  if (state.status === 'ready' && state.value.length === 0) return null;
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
      ) : state.status === 'failed' ? (
        <div className={styles.error} role="alert">
          <p>Sorry, the featured printers could not be loaded.</p>
          <button type="button" className={styles.retry} onClick={retry}>
            Retry
          </button>
        </div>
      ) : (
        <ProductGrid products={state.value} headingLevel={3} label={heading} />
      )}
    </section>
  );
}
