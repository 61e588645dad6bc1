/**
 * Loads the product a product page is for and applies its check (productRouteProblem in
 * @copytech/shared/domain, the rule the server's status follows too): the wrong category for the
 * page's type ('Product type mismatch: {category} not in {allowed}') or an inactive product
 * ('Product is not active') are logged and shown to visitors as the standard Not Found page, as is
 * a product that fails to load (404 or network).
 */
import { useEffect, useState } from 'react';
import type { Product } from '@copytech/shared/domain';
import { isAbort } from '../api/http';

export type ProductLoadState = { status: 'loading' } | { status: 'not-found' } | { status: 'ok'; product: Product };

/** Returns the error message when the product may not be shown on this page (inactive included), else null. */
export type ProductCheck = (product: Product) => string | null;

export function useProductLoader(load: ((signal: AbortSignal) => Promise<Product>) | null, check: ProductCheck, key: string): ProductLoadState {
  const [state, setState] = useState<{ key: string; value: ProductLoadState }>({ key, value: { status: 'loading' } });

  useEffect(() => {
    if (!load) {
      setState({ key, value: { status: 'not-found' } });
      return undefined;
    }
    const controller = new AbortController();
    setState({ key, value: { status: 'loading' } });
    load(controller.signal)
      .then((product) => {
        if (controller.signal.aborted) return;
        if (!product || typeof product !== 'object' || !product.modelId) throw new Error('Product not found');
        const problem = check(product);
        if (problem) {
          console.error(`[catalogue] ${problem}`);
          setState({ key, value: { status: 'not-found' } });
        } else {
          setState({ key, value: { status: 'ok', product } });
        }
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted || isAbort(error)) return;
        console.error(`[catalogue] product ${key} could not be loaded: ${(error as Error).message}`);
        setState({ key, value: { status: 'not-found' } });
      });
    return () => controller.abort();
    // `load` and `check` are rebuilt each render; `key` says when they mean something new.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  return state.key === key ? state.value : { status: 'loading' };
}
