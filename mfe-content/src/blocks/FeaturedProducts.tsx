/**
 * Featured printers: the catalogue's exposed FeaturedProducts, loaded by name through the
 * federation runtime behind the shared remote boundary. This remote never imports the
 * catalogue's code; if the catalogue is down, only this slot says so, with a Retry.
 *
 * The block sits below the fold on a phone, so the catalogue's code (its remoteEntry and chunks)
 * is fetched only when the block comes within NEAR_VIEWPORT of the viewport (at once where there
 * is no IntersectionObserver). Until then the slot holds the same space as while loading, so
 * nothing shifts, and already shows its heading, so the page's outline is whole from the start.
 */
import { useEffect, useRef, useState } from 'react';
import { RemoteSlot, useServerRendered } from '@copytech/shared';
import type { BlockProps } from './types';
import styles from './FeaturedProducts.module.css';

export const FEATURED_PRODUCTS_LIMIT = 4;
/** How far ahead of the viewport the catalogue starts loading: a fast flick on a phone does not outrun it. */
export const NEAR_VIEWPORT = '600px 0px';
const RESERVED_HEIGHT = 480;

function useNearViewport() {
  const ref = useRef<HTMLDivElement>(null);
  // A server-rendered page has the products in its HTML already: hydrate them where they are.
  const serverRendered = useServerRendered();
  const [near, setNear] = useState(() => serverRendered || typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return undefined;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), {
      rootMargin: NEAR_VIEWPORT,
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return [ref, near] as const;
}

export function FeaturedProducts({ block }: BlockProps<'featuredProducts'>) {
  const heading = block.heading ?? 'Featured printers';
  const [ref, near] = useNearViewport();
  return (
    <section className={styles.section} data-block="featuredProducts">
      <div className={styles.inner} ref={ref}>
        {near ? (
          <RemoteSlot
            id="catalogue/FeaturedProducts"
            props={{ heading, limit: block.limit ?? FEATURED_PRODUCTS_LIMIT }}
            label="Featured printers"
            compact
            minHeight={RESERVED_HEIGHT}
          />
        ) : (
          <div className={styles.pending} style={{ minHeight: RESERVED_HEIGHT }} data-testid="featured-products-pending">
            <h2 className={styles.heading}>{heading}</h2>
          </div>
        )}
      </div>
    </section>
  );
}
