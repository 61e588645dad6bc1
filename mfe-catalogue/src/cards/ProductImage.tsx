/**
 * A product image at one of the sizes of docs/product-rules.md "Product images", falling back to
 * the placeholder.
 */
import { useState, type ImgHTMLAttributes } from 'react';
import { IMAGE_HEIGHTS, placeholderImageUrl, productImageUrl, type ImageSize, type Product } from '@copytech/shared/domain';

export interface ProductImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'width' | 'height'> {
  product: Partial<Pick<Product, 'brand' | 'model' | 'images'>> | null | undefined;
  size: ImageSize;
  index?: number;
  alt: string;
}

export function ProductImage({ product, size, index = 0, alt, loading = 'lazy', ...rest }: ProductImageProps) {
  const primary = productImageUrl(product, size, index);
  const [failed, setFailed] = useState<string | null>(null);
  const placeholder = placeholderImageUrl(size);
  const src = failed === primary ? placeholder : primary;
  const edge = IMAGE_HEIGHTS[size];
  return (
    <img
      {...rest}
      src={src}
      alt={alt}
      width={edge}
      height={edge}
      loading={loading}
      decoding="async"
      onError={() => {
        if (src !== placeholder) setFailed(primary);
      }}
    />
  );
}
