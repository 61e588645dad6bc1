/**
 * A list page's URL (docs/product-rules.md "Lists: filters, sorting and paging"): its filters and
 * sort, and which page of it is shown (?page=N, one page of LIST_PAGE_SIZE products). The
 * catalogue renders a list from it and the server answers its status and head from it, by these
 * same functions, so both agree on which products a URL shows and when it is past the end.
 * Anything invalid in a hand-edited filter is dropped, not sent; a page that is not a whole number
 * from 1 is no page at all (Not Found).
 */
import { SPEED_BOUNDS, type SpeedBoundsKey } from './catalogue';
import { LIST_PAGE_SIZE, PRODUCT_SORTS, listSearch, type ProductListQuery, type ProductSort } from './productListing';

/** Pages "Load more" may hold at once (kept with the visit's history, so Back shows them again). */
export const MAX_LOADED_PAGES = 20;
export const MAX_SEARCH_LENGTH = 60;

/**
 * The filters and sort of a list, as the URL holds them: the shared ProductListQuery without
 * paging, with the lists and the search always present (empty when not set).
 */
export type ListFilters = Omit<ProductListQuery, 'limit' | 'offset' | 'brand' | 'maxPaperSize' | 'q'> &
  Required<Pick<ProductListQuery, 'brand' | 'maxPaperSize' | 'q'>>;

export interface ListUrlState {
  filters: ListFilters;
  /** the page shown (1 when the URL names none); null when ?page is not a whole number from 1 */
  page: number | null;
}

export interface ListUrlOptions {
  speed: SpeedBoundsKey | null;
  colourFilter: boolean;
  defaultSort?: ProductSort;
}

const BRAND_VALUE = /^[A-Za-z0-9 +_().-]{1,60}$/;
const PAPER_VALUE = /^[A-Za-z0-9 +]{1,20}$/;
const SEARCH_NOT_ALLOWED = /[^\p{L}\p{N} .+()/'&-]/gu;

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

/** ?page: absent is page 1; a whole number from 1 is that page; anything else is no page (null). */
function pageParam(params: URLSearchParams): number | null {
  const raw = params.get('page');
  if (raw === null) return 1;
  return /^[1-9][0-9]{0,5}$/.test(raw) ? Number(raw) : null;
}

export function parseListUrl(params: URLSearchParams, options: ListUrlOptions): ListUrlState {
  const bounds = options.speed ? SPEED_BOUNDS[options.speed] : null;
  let minSpeed = bounds ? speedParam(params, 'minSpeed', bounds) : undefined;
  let maxSpeed = bounds ? speedParam(params, 'maxSpeed', bounds) : undefined;
  if (bounds && minSpeed === bounds.min) minSpeed = undefined;
  if (bounds && maxSpeed === bounds.max) maxSpeed = undefined;
  if (minSpeed !== undefined && maxSpeed !== undefined && minSpeed > maxSpeed) [minSpeed, maxSpeed] = [maxSpeed, minSpeed];
  const colour = params.get('colour');
  const sort = params.get('sort');
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
    page: pageParam(params),
  };
}

/** The URL query for a state; defaults are left out so the plain list (and its page 1) has a clean URL. */
export function listUrlParams(state: { filters: ListFilters; page: number }, defaultSort?: ProductSort): URLSearchParams {
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

/** A list page's path with its query: `/printers?brand=Canon&page=2`, or the bare path for page 1 unfiltered. */
export function listPagePath(path: string, filters: ListFilters, page: number, defaultSort?: ProductSort): string {
  const query = listUrlParams({ filters, page }, defaultSort).toString();
  return query ? `${path}?${query}` : path;
}

/** The API read of one page of a list: the read the server renders the page with, and the browser's first. */
export function listPageApiUrl(endpoint: string, filters: ListFilters, page: number): string {
  return `${endpoint}${listSearch(filters, LIST_PAGE_SIZE, (page - 1) * LIST_PAGE_SIZE)}`;
}

/** How many pages a list of `count` products has (an empty list still has its page 1). */
export function pageCountOf(count: number): number {
  return Math.max(1, Math.ceil(count / LIST_PAGE_SIZE));
}

/** What a list page's head says about where it sits among its pages. */
export interface ListPageLinks {
  /** the page itself for an unfiltered list in its own order; the list's first page for any other view */
  canonicalPath: string;
  prevPath: string | null;
  nextPath: string | null;
  /** a filtered view is not indexed (its links are followed) */
  robots: string | null;
}

/**
 * The head links of the pages `first` to `last` of a list with `pageCount` pages (one page
 * without JavaScript; more once "Load more" added some): canonical, previous and next. Page 1's
 * canonical is the bare path, never ?page=1.
 */
export function listPageLinks(
  list: { path: string; defaultSort?: ProductSort },
  filters: ListFilters,
  pages: { first: number; last: number; pageCount: number },
): ListPageLinks {
  const filtered = !!(
    filters.q ||
    filters.brand.length ||
    filters.maxPaperSize.length ||
    filters.colour ||
    filters.minSpeed !== undefined ||
    filters.maxSpeed !== undefined
  );
  const reordered = !!filters.sort && filters.sort !== list.defaultSort;
  const path = (page: number) => listPagePath(list.path, filters, page, list.defaultSort);
  return {
    canonicalPath: filtered || reordered ? list.path : path(pages.first),
    prevPath: pages.first > 1 ? path(pages.first - 1) : null,
    nextPath: pages.last < pages.pageCount ? path(pages.last + 1) : null,
    robots: filtered ? 'noindex, follow' : null,
  };
}
