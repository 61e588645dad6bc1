/**
 * A list's products for its filters and page: the first page, then more pages appended as the
 * page number grows ("Load more" keeps what is shown). ?page=N in a shared link loads the first
 * N pages in requests of at most MAX_LIMIT products. A change of filters starts again.
 */
import { useCallback, useEffect, useReducer, useRef } from 'react';
import { usePageData } from '@copytech/shared';
import type { Product } from '@copytech/shared/domain';
import {
  fetchProductList,
  listUrl,
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
  items: Product[];
  count: number | null;
  facets: ListFacets | undefined;
  loading: boolean;
  error: Error | null;
}

type Action =
  | { type: 'reset'; key: string }
  | { type: 'start'; key: string }
  | { type: 'page'; key: string; offset: number; answer: ProductListAnswer }
  | { type: 'done'; key: string }
  | { type: 'fail'; key: string; error: Error };

const initial = (key: string): State => ({ key, items: [], count: null, facets: undefined, loading: true, error: null });

/** The state of a list whose first request the server answered (server rendering, hydration). */
function fromFirstAnswer(key: string, answer: ProductListAnswer | null): State | null {
  return answer ? { key, items: answer.results, count: answer.count, facets: answer.facets, loading: false, error: null } : null;
}

function reducer(state: State, action: Action): State {
  if (action.type === 'reset') return initial(action.key);
  if (action.key !== state.key) return state;
  switch (action.type) {
    case 'start':
      return { ...state, loading: true, error: null };
    case 'page': {
      const kept = state.items.slice(0, action.offset);
      const seen = new Set(kept.map((p) => p.modelId));
      const added = action.answer.results.filter((p) => !seen.has(p.modelId));
      return { ...state, items: [...kept, ...added], count: action.answer.count, facets: state.facets ?? action.answer.facets };
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
  error: Error | null;
  hasMore: boolean;
  retry: () => void;
}

/** Where a list's products come from: its endpoint (the server filters, counts and pages every list). */
export interface ListSource {
  endpoint: string;
}

export function useProductList(source: ListSource, filters: ListFilters, page: number): ProductListView {
  const { endpoint } = source;
  const key = `${endpoint}|${JSON.stringify(filters)}`;
  // The list's first request, which the server answers before it renders the page: the page's
  // first products are in its HTML, and the browser hydrates with them without fetching again.
  const first = usePageData<unknown>(listUrl(endpoint, filters, Math.min(MAX_LIMIT, page * PAGE_SIZE), 0));
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

  useEffect(() => {
    const target = page * PAGE_SIZE;
    let current = stateRef.current;
    if (current.key !== key) {
      current = initial(key);
      dispatch({ type: 'reset', key });
    }
    const have = current.items.length;
    const enough = current.count !== null && have >= Math.min(target, current.count);
    if (enough || have >= target) {
      if (current.loading) dispatch({ type: 'done', key });
      return undefined;
    }
    const controller = new AbortController();
    dispatch({ type: 'start', key });
    (async () => {
      let offset = have;
      while (offset < target) {
        const limit = Math.min(MAX_LIMIT, target - offset);
        const answer = await fetchProductList(endpoint, filtersRef.current, limit, offset, controller.signal);
        if (controller.signal.aborted) return;
        dispatch({ type: 'page', key, offset, answer });
        offset += answer.results.length;
        if (answer.results.length < limit || offset >= answer.count) break;
      }
      dispatch({ type: 'done', key });
    })().catch((error: unknown) => {
      if (controller.signal.aborted || isAbort(error)) return;
      console.error('[catalogue] list failed:', (error as Error).message);
      dispatch({ type: 'fail', key, error: error as Error });
    });
    return () => controller.abort();
  }, [endpoint, key, page, attempt]);

  const retry = useCallback(() => bumpAttempt(), []);
  const fresh = state.key === key ? state : initial(key);
  const visible = fresh.items.slice(0, page * PAGE_SIZE);
  return {
    items: visible,
    count: fresh.count,
    facets: fresh.facets,
    initialLoading: fresh.loading && fresh.items.length === 0,
    loadingMore: fresh.loading && fresh.items.length > 0,
    error: fresh.error,
    hasMore: fresh.count !== null && visible.length < fresh.count,
    retry,
  };
}
