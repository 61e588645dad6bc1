/**
 * A list's products for its filters, from the page the URL names (?page=N, one page of
 * PAGE_SIZE products) for as many pages as "Load more" has added (kept in the visit's history, so
 * Back shows them again). The first page is the server's read (the page's HTML holds it and the
 * browser hydrates with it); the pages added are read in requests of at most MAX_LIMIT products.
 * A change of filters or of the first page starts again; the facets of the last answer stay shown
 * until the new ones arrive, so the filter form does not jump.
 */
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { usePageData } from '@copytech/shared';
import { listPageApiUrl, type Product } from '@copytech/shared/domain';
import {
  fetchProductList,
  MAX_LIMIT,
  PAGE_SIZE,
  toProductListAnswer,
  type ListFacets,
  type ListFilters,
  type ProductListAnswer,
} from '../api/catalogueApi';
import { isAbort } from '../api/http';

interface State {
  key: string;
  /** the products from the first page's first product on */
  items: Product[];
  count: number | null;
  facets: ListFacets | undefined;
  /** the key the facets were answered for */
  facetsKey: string | null;
  loading: boolean;
  error: Error | null;
}

type Action =
  | { type: 'reset'; key: string }
  | { type: 'start'; key: string }
  | { type: 'page'; key: string; at: number; answer: ProductListAnswer }
  | { type: 'done'; key: string }
  | { type: 'fail'; key: string; error: Error };

const initial = (key: string, facets?: ListFacets): State => ({
  key,
  items: [],
  count: null,
  facets,
  facetsKey: null,
  loading: true,
  error: null,
});

/** The state of a list whose first request the server answered (server rendering, hydration). */
function fromFirstAnswer(key: string, answer: ProductListAnswer | null): State | null {
  return answer
    ? { key, items: answer.results, count: answer.count, facets: answer.facets, facetsKey: key, loading: false, error: null }
    : null;
}

function reducer(state: State, action: Action): State {
  if (action.type === 'reset') return initial(action.key, state.facets);
  if (action.key !== state.key) return state;
  switch (action.type) {
    case 'start':
      return { ...state, loading: true, error: null };
    case 'page': {
      const kept = state.items.slice(0, action.at);
      const seen = new Set(kept.map((p) => p.modelId));
      const added = action.answer.results.filter((p) => !seen.has(p.modelId));
      const fresh = state.facetsKey !== state.key && action.answer.facets;
      return {
        ...state,
        items: [...kept, ...added],
        count: action.answer.count,
        facets: fresh ? action.answer.facets : state.facets,
        facetsKey: fresh ? state.key : state.facetsKey,
      };
    }
    case 'done':
      return { ...state, loading: false };
    case 'fail':
      return { ...state, loading: false, error: action.error };
  }
}

export interface ProductListView {
  items: Product[];
  /** Products matching the filters on every page; null until the first answer. */
  count: number | null;
  facets: ListFacets | undefined;
  /** The first page is on its way (nothing to show yet). */
  initialLoading: boolean;
  /** A further page is on its way. */
  loadingMore: boolean;
  /** How many products the pages on their way will add. */
  pending: number;
  error: Error | null;
  hasMore: boolean;
  /** The page the list starts at, and the last page it shows (first + pages shown - 1). */
  firstPage: number;
  lastPage: number;
  retry: () => void;
}

/** Where a list's products come from: its endpoint (the server filters, counts and pages every list). */
export interface ListSource {
  endpoint: string;
}

export function useProductList(source: ListSource, filters: ListFilters, firstPage: number, pages: number): ProductListView {
  const { endpoint } = source;
  const key = `${endpoint}|${JSON.stringify(filters)}|${firstPage}`;
  const base = (firstPage - 1) * PAGE_SIZE;
  // The list's first request, which the server answers before it renders the page.
  const first = usePageData<unknown>(listPageApiUrl(endpoint, filters, firstPage));
  const [state, dispatch] = useReducer(
    reducer,
    key,
    (k) => fromFirstAnswer(k, first?.ok ? toProductListAnswer(first.value) : null) ?? initial(k),
  );
  const [attempt, bumpAttempt] = useReducer((n: number) => n + 1, 0);
  const stateRef = useRef(state);
  stateRef.current = state;
  const filtersRef = useRef(filters);
  filtersRef.current = filters;
  const target = pages * PAGE_SIZE;

  useEffect(() => {
    let current = stateRef.current;
    if (current.key !== key) {
      current = initial(key, current.facets);
      dispatch({ type: 'reset', key });
    }
    const have = current.items.length;
    const enough = current.count !== null && base + have >= current.count;
    if (enough || have >= target) {
      if (current.loading) dispatch({ type: 'done', key });
      return undefined;
    }
    const controller = new AbortController();
    dispatch({ type: 'start', key });
    (async () => {
      let at = have;
      while (at < target) {
        const limit = Math.min(MAX_LIMIT, target - at);
        const answer = await fetchProductList(endpoint, filtersRef.current, limit, base + at, controller.signal);
        if (controller.signal.aborted) return;
        dispatch({ type: 'page', key, at, answer });
        at += answer.results.length;
        if (answer.results.length < limit || base + at >= answer.count) break;
      }
      dispatch({ type: 'done', key });
    })().catch((error: unknown) => {
      if (controller.signal.aborted || isAbort(error)) return;
      console.error('[catalogue] list failed:', (error as Error).message);
      dispatch({ type: 'fail', key, error: error as Error });
    });
    return () => controller.abort();
  }, [endpoint, key, base, target, attempt]);

  const retry = useCallback(() => bumpAttempt(), []);
  const fresh = state.key === key ? state : initial(key, state.facets);
  const visible = fresh.items.slice(0, target);
  const pending = fresh.count === null ? target - visible.length : Math.max(0, Math.min(target, fresh.count - base) - visible.length);
  return {
    items: visible,
    count: fresh.count,
    facets: fresh.facets,
    initialLoading: fresh.loading && fresh.items.length === 0,
    loadingMore: fresh.loading && fresh.items.length > 0,
    pending,
    error: fresh.error,
    hasMore: fresh.count !== null && base + visible.length < fresh.count,
    firstPage,
    lastPage: firstPage + Math.max(0, Math.ceil(visible.length / PAGE_SIZE) - 1),
    retry,
  };
}
