/**
 * Filter and sort state lives in the URL query
 * (docs/product-rules.md "Lists: filters, sorting and paging"), so a filtered list can be shared
 * and Back restores it. These two functions are the whole mapping: the query parameters use the
 * server's names, and anything invalid in a hand-edited URL is dropped.
 */
import { PRODUCT_SORTS, SPEED_BOUNDS, type ProductSort, type SpeedBoundsKey } from '@copytech/shared/domain';
import type { ListFilters } from '../api/catalogueApi';

/** Pages a URL may ask for at once (?page=N shows the first N pages). */
export const MAX_PAGE = 20;

export interface ListUrlState {
  filters: ListFilters;
  page: number;
}

/** What the server accepts in each parameter; anything else in a hand-edited URL is dropped, not sent. */
const BRAND_VALUE = /^[A-Za-z0-9 +_().-]{1,60}$/;
const PAPER_VALUE = /^[A-Za-z0-9 +]{1,20}$/;
const SEARCH_NOT_ALLOWED = /[^\p{L}\p{N} .+()/'&-]/gu;
export const MAX_SEARCH_LENGTH = 60;

/** A model search as the server takes it: letters, digits, spaces and . + ( ) / ' & - only. */
export function cleanSearch(value: string): string {
  return value.replace(SEARCH_NOT_ALLOWED, ' ').replace(/\s+/g, ' ').trim().slice(0, MAX_SEARCH_LENGTH).trim();
}

function listParam(params: URLSearchParams, name: string, pattern: RegExp): string[] {
  const values = params
    .getAll(name)
    .flatMap((value) => value.split(','))
    .map((value) => value.trim())
    .filter((value) => pattern.test(value));
  return Array.from(new Set(values)).sort((a, b) => a.localeCompare(b));
}

function speedParam(params: URLSearchParams, name: string, bounds: { min: number; max: number }): number | undefined {
  const raw = params.get(name);
  if (raw === null || raw.trim() === '') return undefined;
  const value = Number(raw);
  if (!Number.isFinite(value)) return undefined;
  return Math.min(bounds.max, Math.max(bounds.min, Math.round(value)));
}

export function parseListUrl(
  params: URLSearchParams,
  options: { speed: SpeedBoundsKey | null; colourFilter: boolean; defaultSort?: ProductSort },
): ListUrlState {
  const bounds = options.speed ? SPEED_BOUNDS[options.speed] : null;
  let minSpeed = bounds ? speedParam(params, 'minSpeed', bounds) : undefined;
  let maxSpeed = bounds ? speedParam(params, 'maxSpeed', bounds) : undefined;
  if (bounds && minSpeed === bounds.min) minSpeed = undefined;
  if (bounds && maxSpeed === bounds.max) maxSpeed = undefined;
  if (minSpeed !== undefined && maxSpeed !== undefined && minSpeed > maxSpeed) [minSpeed, maxSpeed] = [maxSpeed, minSpeed];
  const colour = params.get('colour');
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  return {
    filters: {
      minSpeed,
      maxSpeed,
      brand: listParam(params, 'brand', BRAND_VALUE),
      maxPaperSize: listParam(params, 'maxPaperSize', PAPER_VALUE),
      colour: options.colourFilter && (colour === 'colour' || colour === 'mono') ? colour : undefined,
      q: cleanSearch(params.get('q') ?? ''),
      sort: sort && (PRODUCT_SORTS as readonly string[]).includes(sort) ? (sort as ProductSort) : options.defaultSort,
    },
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
  };
}

/** The URL query for a state; defaults are left out so the plain list has a clean URL. */
export function listUrlParams(state: ListUrlState, defaultSort?: ProductSort): URLSearchParams {
  const { filters, page } = state;
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.brand.length) params.set('brand', filters.brand.join(','));
  if (filters.minSpeed !== undefined) params.set('minSpeed', String(filters.minSpeed));
  if (filters.maxSpeed !== undefined) params.set('maxSpeed', String(filters.maxSpeed));
  if (filters.maxPaperSize.length) params.set('maxPaperSize', filters.maxPaperSize.join(','));
  if (filters.colour) params.set('colour', filters.colour);
  if (filters.sort && filters.sort !== defaultSort) params.set('sort', filters.sort);
  if (page > 1) params.set('page', String(page));
  return params;
}

/** How many filters narrow the list (sort is not a filter). */
export function activeFilterCount(filters: ListFilters): number {
  return (
    (filters.q.trim() ? 1 : 0) +
    filters.brand.length +
    filters.maxPaperSize.length +
    (filters.colour ? 1 : 0) +
    (filters.minSpeed !== undefined || filters.maxSpeed !== undefined ? 1 : 0)
  );
}

export const SORT_LABELS: Record<ProductSort, string> = {
  'name-asc': 'Name (A to Z)',
  'price-asc': 'Price (low to high)',
  'price-desc': 'Price (high to low)',
  'speed-desc': 'Speed (fastest first)',
  'speed-asc': 'Speed (slowest first)',
  colour: 'Colour first',
};
