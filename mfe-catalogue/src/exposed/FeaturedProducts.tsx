import type { FeaturedProductsProps } from '@copytech/shared';

export default function FeaturedProducts({ heading = 'Featured printers' }: FeaturedProductsProps) {
  return <h2>{heading}</h2>;
}
