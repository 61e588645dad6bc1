/** Products as a semantic list in a responsive grid, or skeleton cards of the same size. */
import type { Ref } from 'react';
import type { Product } from '@copytech/shared/domain';
import { ProductCard, ProductCardSkeleton } from './ProductCard';
import styles from './ProductGrid.module.css';

export interface ProductGridProps {
  products: Product[];
  headingLevel?: 2 | 3;
  /** How many cards load their image eagerly (those likely above the fold). */
  eagerCount?: number;
  label?: string;
  listRef?: Ref<HTMLUListElement>;
}

export function ProductGrid({ products, headingLevel = 2, eagerCount = 0, label, listRef }: ProductGridProps) {
  return (
    <ul className={styles.grid} aria-label={label} ref={listRef}>
      {products.map((product, index) => (
        <li key={product.modelId || index} className={styles.item}>
          <ProductCard product={product} headingLevel={headingLevel} eager={index < eagerCount} priority={index === 0 && eagerCount > 0} />
        </li>
      ))}
    </ul>
  );
}

export function ProductGridSkeleton({ count }: { count: number }) {
  return (
    <div className={styles.grid} aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className={styles.item}>
          <ProductCardSkeleton />
        </div>
      ))}
    </div>
  );
}
