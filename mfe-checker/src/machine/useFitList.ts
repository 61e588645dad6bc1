/**
 * The catalogue's list of the machines that fit the visitor's pages (docs/product-rules.md "The
 * machine the checker compares with"): read through the page data (the server answers it in
 * process when it renders the results), else fetched; given to the store, which prices the
 * general checker with the typical machine of the list. A list that cannot load is given as null:
 * the results then say they use the "from" prices.
 */
import { useEffect } from 'react';
import { usePageData } from '@copytech/shared';
import type { Product } from '@copytech/shared/domain';
import type { SavingsCheckerStore } from '../checker/SavingsCheckerStore';

function productsOf(value: unknown): Product[] | null {
  const results = (value as { results?: unknown } | null)?.results;
  return Array.isArray(results) ? (results as Product[]) : null;
}

/** Loads `store.fitUrl` once for each list; `inRender` (the server's render and hydration) sets the page data's answer at once. */
export function useFitList(store: SavingsCheckerStore, url: string | null, inRender: boolean): void {
  const first = usePageData<unknown>(url);
  if (inRender && url && first && store.fitList?.url !== url) store.setFitList(url, first.ok ? productsOf(first.value) : null);
  useEffect(() => {
    if (!url || store.fitList?.url === url) return undefined;
    if (first) {
      store.setFitList(url, first.ok ? productsOf(first.value) : null);
      return undefined;
    }
    if (typeof fetch !== 'function') {
      store.setFitList(url, null);
      return undefined;
    }
    const controller = new AbortController();
    fetch(url, { headers: { Accept: 'application/json' }, signal: controller.signal })
      .then(async (response) => (response.ok ? productsOf(await response.json()) : null))
      .catch(() => null)
      .then((products) => {
        if (!controller.signal.aborted) store.setFitList(url, products);
      });
    return () => controller.abort();
    // first is the page data's answer for this url
  }, [store, url]); // eslint-disable-line react-hooks/exhaustive-deps
}
