/**
 * Similar products under a product page; left out quietly when there are none or the call fails.
 * Answered by the server when it renders the page (links to them work without JavaScript), and the
 * browser hydrates with that answer.
 */
import { useEffect, useRef, useState } from 'react';
import { usePageData } from '@copytech/shared';
import type { Product, ProductResults } from '@copytech/shared/domain';
import { resultsOf, fetchSimilar, similarUrl } from '../api/catalogueApi';
import { isAbort } from '../api/http';
import { ProductGrid } from '../cards/ProductGrid';
import styles from './ProductPage.module.css';

const SHOWN = 4;

const shown = (results: Product[], modelId: string) => results.filter((p) => p && p.modelId && p.modelId !== modelId).slice(0, SHOWN);

export function SimilarProducts({ modelId }: { modelId: string }) {
  const first = usePageData<Partial<ProductResults> | null>(similarUrl(modelId));
  const [products, setProducts] = useState<Product[] | null>(() =>
    first ? (first.ok ? shown(resultsOf(first.value), modelId) : []) : null,
  );
  const answered = useRef(products !== null);

  useEffect(() => {
    if (answered.current) {
      answered.current = false;
      return undefined;
    }
    const controller = new AbortController();
    setProducts(null);
    fetchSimilar(modelId, controller.signal)
      .then((results) => setProducts(shown(results, modelId)))
      .catch((error: unknown) => {
        if (controller.signal.aborted || isAbort(error)) return;
        console.error(`[catalogue] similar products of ${modelId}: ${(error as Error).message}`);
        setProducts([]);
      });
    return () => controller.abort();
  }, [modelId]);

  if (!products || products.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="similar-heading">
      <h2 id="similar-heading">Similar products</h2>
      <ProductGrid products={products} headingLevel={3} label="Similar products" />
    </section>
  );
}
