/** A product's x135 thumbnail, from its fetched details; the no-image placeholder until then. */
import { observer } from 'mobx-react-lite';
import { placeholderImageUrl, productImageUrl } from '@copytech/shared/domain';
import { productDetailsOf } from './productDetails';
import styles from './ProductThumb.module.css';

export const ProductThumb = observer(function ProductThumb({ modelId }: { modelId: string }) {
  const details = productDetailsOf(modelId);
  const src = details?.status === 'loaded' ? productImageUrl(details.product, 'x135') : placeholderImageUrl('x135');
  const loading = !details || details.status === 'loading';
  return (
    <span className={`${styles.frame} ${loading ? styles.loading : ''}`}>
      {/* Decorative: the brand and model are written beside it. */}
      {loading ? null : (
        <img
          className={styles.image}
          src={src}
          alt=""
          width={80}
          height={60}
          loading="lazy"
          decoding="async"
          onError={(event) => {
            const img = event.currentTarget;
            const fallback = placeholderImageUrl('x135');
            if (!img.src.endsWith(fallback)) img.src = fallback;
          }}
        />
      )}
    </span>
  );
});
