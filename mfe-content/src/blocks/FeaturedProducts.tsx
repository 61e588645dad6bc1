/**
 * Featured printers: the catalogue's exposed FeaturedProducts, loaded by name through the
 * federation runtime behind the shared remote boundary. This remote never imports the
 * catalogue's code; if the catalogue is down, only this slot says so, with a Retry.
 */
import { RemoteSlot } from '@copytech/shared';
import type { BlockProps } from './types';
import styles from './FeaturedProducts.module.css';

export const FEATURED_PRODUCTS_LIMIT = 4;

export function FeaturedProducts({ block }: BlockProps<'featuredProducts'>) {
  return (
    <section className={styles.section} data-block="featuredProducts">
      <div className={styles.inner}>
        <RemoteSlot
          id="catalogue/FeaturedProducts"
          props={{ heading: block.heading ?? 'Featured printers', limit: block.limit ?? FEATURED_PRODUCTS_LIMIT }}
          label="Featured printers"
          compact
          minHeight={480}
        />
      </div>
    </section>
  );
}
