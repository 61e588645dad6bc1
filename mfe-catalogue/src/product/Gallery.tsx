/**
 * The product's images: the selected one at x540, thumbnails (x135) when there are several, and
 * an "Enlarge image" button that opens the x810 image in the site's modal (uiStore.openModal,
 * hosted by the shell: focus held inside, Escape or the browser's Back closes it, focus returns).
 */
import { useState } from 'react';
import { uiStore } from '@copytech/shared';
import { imageFilenames, productImageUrl, type Product } from '@copytech/shared/domain';
import { ProductImage } from '../cards/ProductImage';
import { productName } from '../cards/productFacts';
import styles from './Gallery.module.css';

export function Gallery({ product }: { product: Product }) {
  const count = Math.max(1, imageFilenames(product).length);
  const [index, setIndex] = useState(0);
  const name = productName(product);
  const altFor = (i: number) => (count > 1 ? `${name}, image ${i + 1} of ${count}` : name);

  function openZoom(): void {
    uiStore.openModal({
      title: `${name}, enlarged image`,
      contentId: 'image',
      data: { src: productImageUrl(product, 'x810', index), alt: altFor(index) },
    });
  }

  return (
    <div className={styles.gallery}>
      <div className={styles.main}>
        <ProductImage
          key={index}
          product={product}
          size="x540"
          index={index}
          alt={altFor(index)}
          loading="eager"
          fetchPriority="high"
          className={styles.mainImage}
        />
        <button type="button" className={styles.zoom} onClick={openZoom} aria-haspopup="dialog">
          <ZoomIcon />
          Enlarge image
        </button>
      </div>
      {count > 1 ? (
        <ul className={styles.thumbs} aria-label="Product images">
          {Array.from({ length: count }, (_, i) => (
            <li key={i}>
              <button
                type="button"
                className={styles.thumb}
                aria-pressed={i === index}
                aria-label={`Show image ${i + 1} of ${count}`}
                onClick={() => setIndex(i)}
              >
                <ProductImage product={product} size="x135" index={i} alt="" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function ZoomIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <circle cx="8.5" cy="8.5" r="5.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M12.5 12.5L17 17M8.5 6v5M6 8.5h5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
