/** Similar products under a product page; left out quietly when there are none or the call fails. */
import { useEffect, useState } from 'react';
import type { Product } from '@copytech/shared/domain';
import { fetchSimilar } from '../api/catalogueApi';
import { isAbort } from '../api/http';
import { ProductGrid } from '../cards/ProductGrid';
import styles from './ProductPage.module.css';

const SHOWN = 4;

export function SimilarProducts({ modelId }: { modelId: string }) {
  const [products, setProducts] = useState<Product[] | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setProducts(null);
    fetchSimilar(modelId, controller.signal)
      .then((results) => setProducts(results.filter((p) => p && p.modelId && p.modelId !== modelId).slice(0, SHOWN)))
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
