/**
 * The reads of SPEC.md section 7 the catalogue makes. List requests carry the server-side
 * filters and sort; answers are { count, results } with facets when the server sends them.
 */
import type { Product } from '@copytech/shared';
import { getJson } from './http';

export const PAGE_SIZE = 12;
/** The server accepts at most this many products per request. */
export const MAX_LIMIT = 48;

export const PRODUCT_SORTS = ['price-asc', 'price-desc', 'speed-asc', 'speed-desc', 'name-asc', 'colour'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export type ColourFilter = 'colour' | 'mono';

/** The filters and sort of a list, exactly as the server's query parameters name them. */
export interface ListFilters {
  minSpeed?: number;
  maxSpeed?: number;
  brand: string[];
  maxPaperSize: string[];
  colour?: ColourFilter;
  q: string;
  sort?: ProductSort;
}

export interface ProductFacets {
  brands?: Array<{ brand: string; count: number }>;
  paperSizes?: Array<{ paperSize: string; count: number }>;
  speed?: { min: number; max: number } | null;
}

export interface ProductListAnswer {
  count: number;
  results: Product[];
  facets?: ProductFacets;
}

/** The query string of a list request, e.g. '?limit=12&offset=0&brand=Canon%2CRicoh&sort=price-asc'. */
export function listSearch(filters: ListFilters, limit: number, offset: number): string {
  const params = new URLSearchParams();
  params.set('limit', String(limit));
  params.set('offset', String(offset));
  if (filters.minSpeed !== undefined) params.set('minSpeed', String(filters.minSpeed));
  if (filters.maxSpeed !== undefined) params.set('maxSpeed', String(filters.maxSpeed));
  if (filters.brand.length) params.set('brand', filters.brand.join(','));
  if (filters.maxPaperSize.length) params.set('maxPaperSize', filters.maxPaperSize.join(','));
  if (filters.colour) params.set('colour', filters.colour);
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.sort) params.set('sort', filters.sort);
  return `?${params.toString()}`;
}

function isProductList(value: unknown): value is ProductListAnswer {
  const v = value as ProductListAnswer | null;
  return typeof v === 'object' && v !== null && Array.isArray(v.results);
}

export async function fetchProductList(endpoint: string, filters: ListFilters, limit: number, offset: number, signal?: AbortSignal): Promise<ProductListAnswer> {
  const answer = await getJson<unknown>(`${endpoint}${listSearch(filters, limit, offset)}`, signal);
  if (!isProductList(answer)) throw new Error(`${endpoint} answered without results`);
  const count = typeof answer.count === 'number' && Number.isFinite(answer.count) ? answer.count : answer.results.length;
  return { count, results: answer.results, facets: answer.facets ?? undefined };
}

export async function fetchFeatured(limit: number, signal?: AbortSignal): Promise<Product[]> {
  const answer = await getJson<{ results?: Product[] }>(`/api/featured-printers?limit=${limit}&offset=0`, signal);
  return Array.isArray(answer?.results) ? answer.results : [];
}

export function fetchProduct(modelId: string, signal?: AbortSignal): Promise<Product> {
  return getJson<Product>(`/api/v3/products/${encodeURIComponent(modelId)}`, signal);
}

export function fetchScanner(modelId: string, signal?: AbortSignal): Promise<Product> {
  return getJson<Product>(`/api/scanners/getsinglescanner/${encodeURIComponent(modelId)}`, signal);
}

/** Similar products (the path is spelled 'similiar', as SPEC.md section 7 gives it). */
export async function fetchSimilar(modelId: string, signal?: AbortSignal): Promise<Product[]> {
  const answer = await getJson<{ results?: Product[] }>(`/api/printers/similiar?id=${encodeURIComponent(modelId)}`, signal);
  return Array.isArray(answer?.results) ? answer.results : [];
}
