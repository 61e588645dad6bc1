/** Products as a semantic list in a responsive grid, or skeleton cards of the same size. */
import type { Ref } from 'react';
import type { Product } from '@copytech/shared';
import { ProductCard, ProductCardSkeleton } from './ProductCard';
import styles from './ProductGrid.module.css';

export interface ProductGridProps {
  products: Product[];
  headingLevel?: 2 | 3;
  /** How many cards load their image eagerly (those likely above the fold). */
  eagerCount?: number;
  label?: string;
  listRef?: Ref<HTMLUListElement>;
  compact?: boolean;
}

export function ProductGrid({ products, headingLevel = 2, eagerCount = 0, label, listRef, compact = false }: ProductGridProps) {
  return (
    <ul className={compact ? `${styles.grid} ${styles.compact}` : styles.grid} aria-label={label} ref={listRef}>
      {products.map((product, index) => (
        <li key={product.modelId || index} className={styles.item}>
          <ProductCard product={product} headingLevel={headingLevel} eager={index < eagerCount} priority={index === 0 && eagerCount > 0} />
        </li>
      ))}
    </ul>
  );
}

export function ProductGridSkeleton({ count, compact = false }: { count: number; compact?: boolean }) {
  return (
    <div className={compact ? `${styles.grid} ${styles.compact}` : styles.grid} aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className={styles.item}>
          <ProductCardSkeleton />
        </div>
      ))}
    </div>
  );
}
