/**
 * One product in a list: image, brand and model (linking to its page by the detail path rules,
 * docs/product-rules.md "Product page paths"), key facts, 'starting at' price and rental per month,
 * and "Add to basket".
 */
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { instantQuotePath, productPath, type Product } from '@copytech/shared/domain';
import { AddToBasketButton } from './AddToBasketButton';
import { PriceSummary } from './PriceSummary';
import { PrintingIcon } from './PrintingIcon';
import { ProductImage } from './ProductImage';
import { paperText, printingOf, productName, specificationText, speedText } from './productFacts';
import styles from './ProductCard.module.css';

export interface ProductCardProps {
  product: Product;
  /** h2 on a list page, h3 inside a section that has its own h2. */
  headingLevel?: 2 | 3;
  /** Cards in the first row load their image at once; the rest when scrolled near. */
  eager?: boolean;
  priority?: boolean;
}

export function ProductCard({ product, headingLevel = 2, eager = false, priority = false }: ProductCardProps) {
  const headingId = useId();
  const href = productPath(product);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const printing = printingOf(product);
  const speed = speedText(product);
  const paper = paperText(product);
  const kind = product.productCategory === 'finisher' ? specificationText(product.productSpecification) : null;
  const name = (
    <>
      <span className={styles.brand}>{product.brand}</span> <span className={styles.model}>{product.model}</span>
    </>
  );
  return (
    <article className={styles.card} aria-labelledby={headingId} data-testid="product-card" data-model-id={product.modelId}>
      <div className={styles.media}>
        {href === '#' ? (
          <ProductImage
            product={product}
            size="x270"
            alt=""
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            className={styles.image}
          />
        ) : (
          <Link to={href} tabIndex={-1} aria-hidden="true" className={styles.mediaLink}>
            <ProductImage
              product={product}
              size="x270"
              alt=""
              loading={eager ? 'eager' : 'lazy'}
              fetchPriority={priority ? 'high' : undefined}
              className={styles.image}
            />
          </Link>
        )}
      </div>
      <div className={styles.body}>
        <Heading className={styles.heading} id={headingId}>
          {href === '#' ? (
            name
          ) : (
            <Link to={href} className={styles.link}>
              {name}
            </Link>
          )}
        </Heading>
        <ul className={styles.facts} aria-label="Key facts">
          {speed ? <li>{speed}</li> : null}
          {paper ? <li>{paper}</li> : null}
          {printing ? (
            <li className={styles.printing}>
              <PrintingIcon printing={printing} className={styles.icon} />
              {printing === 'colour' ? 'Colour' : 'Mono'}
            </li>
          ) : null}
          {kind ? <li>{kind}</li> : null}
        </ul>
        <PriceSummary product={product} />
        <AddToBasketButton product={product} className={`${styles.action} ${styles.needsScript}`} />
        {/* Without JavaScript the basket cannot work: the card offers the machine's own instant
            quote instead (a server page), and the stylesheet shows only the one that works. A card
            without a product page has no quote page either. */}
        {href === '#' ? null : (
          <a className={styles.noScriptQuote} href={instantQuotePath(product.modelId)} aria-describedby={headingId}>
            Instant quote
          </a>
        )}
      </div>
    </article>
  );
}

/** A card-shaped placeholder of the same size, shown while products load. */
export function ProductCardSkeleton() {
  return (
    <div className={`${styles.card} ${styles.skeleton}`} aria-hidden="true" data-testid="product-card-skeleton">
      <div className={styles.media}>
        <span className={styles.block} />
      </div>
      <div className={styles.body}>
        <span className={`${styles.line} ${styles.lineShort}`} />
        <span className={styles.line} />
        <span className={`${styles.line} ${styles.lineShort}`} />
        <span className={styles.priceBlock} />
        <span className={styles.buttonBlock} />
      </div>
    </div>
  );
}

export { productName };
