/**
 * Basket items and loaded product details for the comparison's tests: a multifunctional of brand
 * "B" whose model is its id, with the product fields a test gives.
 */
import type { BasketItem } from '@copytech/shared';
import type { Product } from '@copytech/shared/domain';
import type { ProductDetails } from '../products/productDetails';

export function item(id: string): BasketItem {
  return { modelId: id, brand: 'B', model: id, productCategory: 'multifunctional-printer', productSpecification: null };
}

export function loaded(id: string, extra: Partial<Product>): ProductDetails {
  return {
    status: 'loaded',
    product: { modelId: id, brand: 'B', model: id, productCategory: 'multifunctional-printer', isActive: 1, ...extra },
  };
}
