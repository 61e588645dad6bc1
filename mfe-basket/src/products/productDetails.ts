/**
 * Product details for the basket (GET /api/v3/products/{modelId}). A basket item holds only
 * modelId, brand, model and category, so the comparison and the thumbnails fetch the rest, once
 * per product per page view. Entries are observable: components that read them re-render.
 */
import { observable, runInAction } from 'mobx';
import type { Product } from '@copytech/shared/domain';

export type ProductDetails = { status: 'loading' } | { status: 'loaded'; product: Product } | { status: 'failed' };

const entries = observable.map<string, ProductDetails>({}, { deep: false });

export function productDetailsOf(modelId: string): ProductDetails | undefined {
  return entries.get(modelId);
}

function isProduct(value: unknown): value is Product {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Product).modelId === 'string' &&
    typeof (value as Product).brand === 'string'
  );
}

/** Fetches a product unless it is loaded or loading; a failed one is fetched again. */
export async function loadProductDetails(modelId: string): Promise<void> {
  const current = entries.get(modelId);
  if (current && current.status !== 'failed') return;
  runInAction(() => entries.set(modelId, { status: 'loading' }));
  let next: ProductDetails = { status: 'failed' };
  try {
    const response = await fetch(`/api/v3/products/${encodeURIComponent(modelId)}`, { headers: { Accept: 'application/json' } });
    if (response.ok) {
      const body: unknown = await response.json();
      if (isProduct(body)) next = { status: 'loaded', product: body };
    }
  } catch {
    /* network failure: 'failed', retried on demand */
  }
  runInAction(() => entries.set(modelId, next));
}

export function reloadFailedProductDetails(modelIds: readonly string[]): void {
  modelIds.filter((id) => entries.get(id)?.status === 'failed').forEach((id) => void loadProductDetails(id));
}

/** Tests only: forget everything fetched. */
export function forgetProductDetails(): void {
  runInAction(() => entries.clear());
}
