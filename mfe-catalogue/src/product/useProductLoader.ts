/**
 * Loads the product a product page is for and applies its check (productRouteProblem in
 * @copytech/shared/domain, the rule the server's status follows too): the wrong category for the
 * page's type ('Product type mismatch: {category} not in {allowed}') or an inactive product
 * ('Product is not active') are logged and shown to visitors as the standard Not Found page, as is
 * a product that fails to load (404 or network).
 */
import { useEffect, useRef, useState } from 'react';
import { usePageData } from '@copytech/shared';
import type { Product } from '@copytech/shared/domain';
import { isAbort } from '../api/http';

export type ProductLoadState = { status: 'loading' } | { status: 'not-found' } | { status: 'ok'; product: Product };

/** Returns the error message when the product may not be shown on this page (inactive included), else null. */
export type ProductCheck = (product: Product) => string | null;

/** What a product answer means for the page: the product, or Not Found (logged with its reason). */
function settle(product: unknown, check: ProductCheck, key: string): ProductLoadState {
  if (!product || typeof product !== 'object' || !(product as Product).modelId) {
    console.error(`[catalogue] product ${key} could not be loaded: Product not found`);
    return { status: 'not-found' };
  }
  const problem = check(product as Product);
  if (problem) {
    console.error(`[catalogue] ${problem}`);
    return { status: 'not-found' };
  }
  return { status: 'ok', product: product as Product };
}

/**
 * `url` is the product's API read: the server answers it before it renders the page, and the
 * browser hydrates with that answer instead of fetching it again.
 */
export function useProductLoader(
  load: ((signal: AbortSignal) => Promise<Product>) | null,
  check: ProductCheck,
  key: string,
  url: string | null = null,
): ProductLoadState {
  const first = usePageData<unknown>(load ? url : null);
  const [state, setState] = useState<{ key: string; value: ProductLoadState }>(() => ({
    key,
    value: first ? (first.ok ? settle(first.value, check, key) : { status: 'not-found' }) : { status: 'loading' },
  }));
  const answered = useRef(state.value.status !== 'loading');

  useEffect(() => {
    if (answered.current) {
      answered.current = false;
      return undefined;
    }
    if (!load) {
      setState({ key, value: { status: 'not-found' } });
      return undefined;
    }
    const controller = new AbortController();
    setState({ key, value: { status: 'loading' } });
    load(controller.signal)
      .then((product) => {
        if (controller.signal.aborted) return;
        setState({ key, value: settle(product, check, key) });
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
