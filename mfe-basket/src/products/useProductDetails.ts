import { useEffect } from 'react';
import { loadProductDetails } from './productDetails';

/** Makes sure the details of these products are fetched (once each). */
export function useProductDetails(modelIds: readonly string[]): void {
  const key = modelIds.join('\n');
  useEffect(() => {
    if (!key) return;
    key.split('\n').forEach((id) => void loadProductDetails(id));
  }, [key]);
}
