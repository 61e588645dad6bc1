/**
 * The reads the catalogue makes (docs/api.md "Reads"). List requests carry the server-side
 * filters and sort; answers are { count, results } with facets when the server sends them.
 * The names and formats of the list API are the shared contract ('@copytech/shared':
 * ProductListQuery, productListSearch, ProductListResponse); only how the catalogue holds and
 * reads them is here.
 */
import {
  API_PATHS,
  LIST_LIMITS,
  LIST_PAGE_SIZE,
  listSearch,
  type ListFilters,
  type Product,
  type ProductFacets,
  type ProductListQuery,
  type ProductListResponse,
  type ProductResults,
} from '@copytech/shared/domain';
import { getJson } from './http';

/** Products per page of a list ("Load more" adds this many). */
export const PAGE_SIZE = LIST_PAGE_SIZE;
/** The server accepts at most this many products per request. */
export const MAX_LIMIT = LIST_LIMITS.maxLimit;

export type ColourFilter = NonNullable<ProductListQuery['colour']>;

export { listSearch, type ListFilters } from '@copytech/shared/domain';

/**
 * The shared facets, each of them optional: the catalogue also runs against an API that answers
 * only { count, results } (QA runs a remote alone against the real API), so it offers
 * whatever facets it gets and falls back to its own choices for the rest.
 */
export type ListFacets = Partial<ProductFacets>;

export interface ProductListAnswer extends Pick<ProductListResponse, 'count' | 'results'> {
  facets?: ListFacets;
}

function isProductList(value: unknown): value is ProductListAnswer {
  const v = value as ProductListAnswer | null;
  return typeof v === 'object' && v !== null && Array.isArray(v.results);
}

/** The URL of a list request. */
export function listUrl(endpoint: string, filters: ListFilters, limit: number, offset: number): string {
  return `${endpoint}${listSearch(filters, limit, offset)}`;
}

/** A list answer as the catalogue holds it, or null when the JSON is not one. */
export function toProductListAnswer(answer: unknown): ProductListAnswer | null {
  if (!isProductList(answer)) return null;
  const count = typeof answer.count === 'number' && Number.isFinite(answer.count) ? answer.count : answer.results.length;
  return { count, results: answer.results, facets: answer.facets ?? undefined };
}

export async function fetchProductList(
  endpoint: string,
  filters: ListFilters,
  limit: number,
  offset: number,
  signal?: AbortSignal,
): Promise<ProductListAnswer> {
  const answer = toProductListAnswer(await getJson<unknown>(listUrl(endpoint, filters, limit, offset), signal));
  if (!answer) throw new Error(`${endpoint} answered without results`);
  return answer;
}

/** The URL of the featured printers' read. */
export const featuredUrl = (limit: number) => `/api/featured-printers?limit=${limit}&offset=0`;

/** The products of a { results } answer (featured, similar): an empty list when it has none. */
export function resultsOf(answer: Partial<ProductResults> | null | undefined): Product[] {
  return Array.isArray(answer?.results) ? answer.results : [];
}

export function fetchProduct(modelId: string, signal?: AbortSignal): Promise<Product> {
  return getJson<Product>(API_PATHS.product(modelId), signal);
}

export function fetchScanner(modelId: string, signal?: AbortSignal): Promise<Product> {
  return getJson<Product>(API_PATHS.scanner(modelId), signal);
}

/** Similar products (the path is spelled 'similiar', as the API has it: docs/api.md "Reads"). */
export const similarUrl = (modelId: string) => `/api/printers/similiar?id=${encodeURIComponent(modelId)}`;

export async function fetchSimilar(modelId: string, signal?: AbortSignal): Promise<Product[]> {
  return resultsOf(await getJson<Partial<ProductResults> | null>(similarUrl(modelId), signal));
}
