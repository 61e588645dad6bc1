/**
 * The product list API (docs/api.md "Reads" and "List query parameters"): which lists
 * exist, the query parameters for server-side filtering and sorting, and the response with the
 * facets a filter UI needs. The server parses exactly these parameters; the catalogue builds its
 * requests with productListSearch(), so the two sides agree on names and formats.
 */
import type { PrinterType } from './catalogue';
import type { Product, ProductList } from './product';

/** limit defaults to 12 and may be at most 48; offset is 0 or more. Bad values get 400. */
export const LIST_LIMITS = { defaultLimit: 12, maxLimit: 48 } as const;

export const PRODUCT_SORTS = ['price-asc', 'price-desc', 'speed-asc', 'speed-desc', 'name-asc', 'colour'] as const;
/** 'colour' puts colour machines first (used by /office-printers); the default order is name-asc. */
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/**
 * Sub-categories of the printer lists (docs/product-rules.md "Lists and landing pages") and the
 * filters they stand for.
 */
export const SUBCATEGORIES = ['a3-colour', 'a3-mono', 'a4-colour', 'a4-mono', 'colour', 'mono'] as const;
export type Subcategory = (typeof SUBCATEGORIES)[number];

/**
 * Paper class of a product: an A3 machine takes A3 and usually SRA3 (A3+); an A4 machine A4 only;
 * wide-format plotters and anything else have none. The a3-… and a4-… sub-categories match on it.
 */
export type PaperClass = 'a3' | 'a4';
export function paperClassOf(paperSize: string | null | undefined): PaperClass | null {
  const size = (paperSize ?? '').trim().toUpperCase();
  if (size === 'A4') return 'a4';
  if (['A3', 'A3+', 'SRA3', 'SRA3+'].includes(size)) return 'a3';
  return null;
}

export function subcategoryFilter(subcategory: Subcategory): { paperClass?: PaperClass; colour?: 'colour' | 'mono' } {
  switch (subcategory) {
    case 'a3-colour':
      return { paperClass: 'a3', colour: 'colour' };
    case 'a3-mono':
      return { paperClass: 'a3', colour: 'mono' };
    case 'a4-colour':
      return { paperClass: 'a4', colour: 'colour' };
    case 'a4-mono':
      return { paperClass: 'a4', colour: 'mono' };
    case 'colour':
      return { colour: 'colour' };
    case 'mono':
      return { colour: 'mono' };
  }
}

/** The scanner classes of /api/scanners/{class} and the category each lists ('workgroup' is an alias). */
export const SCANNER_CLASSES = ['personal', 'desktop-workgroup', 'departmental', 'production'] as const;
export type ScannerClass = (typeof SCANNER_CLASSES)[number];
export const SCANNER_CLASS_CATEGORIES: Record<ScannerClass, readonly string[]> = {
  personal: ['personal-scanners'],
  'desktop-workgroup': ['desktop-workgroup-scanners'],
  departmental: ['departmental-scanners'],
  production: ['production-scanners', 'production-scanner'],
};

/** The list endpoint of each printer type (/api/printers/{name}). */
export const PRINTER_LIST_API: Record<PrinterType, string> = {
  multifunctionals: '/api/printers/multifunctionals',
  'print-only': '/api/printers/officeprinters',
  production: '/api/printers/productionprinters',
  plotters: '/api/printers/plotterprinters',
};

/**
 * Query parameters of every list endpoint. Speeds are ppm: print speed for printers, scan speed
 * for scanners. brand may repeat (?brand=Canon&brand=Ricoh) or be a comma list; maxPaperSize
 * matches productAttributes.maxPaperSize exactly (A4, A3, SRA3, A0…) and may also be a list.
 * q searches brand and model (every word must match, any case).
 */
export interface ProductListQuery {
  limit?: number;
  offset?: number;
  minSpeed?: number;
  maxSpeed?: number;
  brand?: string[];
  maxPaperSize?: string[];
  colour?: 'colour' | 'mono';
  q?: string;
  sort?: ProductSort;
}

/**
 * Facets for the filter UI, as a faceted search counts them: the options are every value of the
 * whole list (category and sub-category), so no choice vanishes as the visitor narrows the list;
 * each facet's counts apply every filter of the query except that facet's own, so an option's
 * count is what the list would hold with it chosen (0: it would give nothing).
 */
export interface ProductFacets {
  brands: Array<{ brand: string; count: number }>;
  /** productAttributes.maxPaperSize values, largest first */
  paperSizes: Array<{ paperSize: string; count: number }>;
  colours: Array<{ colour: 'colour' | 'mono'; count: number }>;
  /** range of the list's speed field; null when no product in the list has one (finishers, plotters) */
  speed: { min: number; max: number } | null;
  /** which attribute the speed filter uses in this list */
  speedField: 'printSpeedPpm' | 'scanSpeedPpm';
}

/**
 * Every list endpoint answers this: { count, results } plus paging and facets
 * (docs/api.md "Reads").
 */
export interface ProductListResponse extends ProductList {
  /** number of products matching the filters (all pages) */
  count: number;
  results: Product[];
  limit: number;
  offset: number;
  facets: ProductFacets;
}

/** /api/featured-printers and /api/printers/similiar answer { results } (featured also gives count). */
export interface ProductResults {
  results: Product[];
  count?: number;
}

/** The query string for a list request ('' when nothing is set), e.g. '?brand=Canon%2CRicoh&sort=price-asc'. */
export function productListSearch(query: ProductListQuery): string {
  const params = new URLSearchParams();
  if (query.limit !== undefined) params.set('limit', String(query.limit));
  if (query.offset !== undefined && query.offset > 0) params.set('offset', String(query.offset));
  if (query.minSpeed !== undefined) params.set('minSpeed', String(query.minSpeed));
  if (query.maxSpeed !== undefined) params.set('maxSpeed', String(query.maxSpeed));
  if (query.brand?.length) params.set('brand', query.brand.join(','));
  if (query.maxPaperSize?.length) params.set('maxPaperSize', query.maxPaperSize.join(','));
  if (query.colour) params.set('colour', query.colour);
  if (query.q?.trim()) params.set('q', query.q.trim());
  if (query.sort) params.set('sort', query.sort);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Paper sizes from largest to smallest, for ordering the facet. */
export const PAPER_SIZE_ORDER = ['B0', 'A0', 'A1', 'A2', 'SRA3+', 'SRA3', 'A3+', 'A3', 'A4'] as const;

/** The A3 family, smallest first: a machine taking one of these takes every smaller one too. */
const A3_FAMILY = ['A3', 'A3+', 'SRA3', 'SRA3+'] as const;

/**
 * The maximum paper sizes a paper-size filter option stands for (upper case): a machine that
 * takes SRA3 takes A3, so `A3` is every machine of the A3 class (A3, A3+, SRA3, SRA3+), `A3+` those
 * from A3+ up and `SRA3` those from SRA3 up; any other size (A4, A1, A0, B0) is that size alone.
 * The server filters and counts each option with it, so an option's count is the list it leads to.
 */
export function paperSizesMatching(option: string): string[] {
  const size = option.trim().toUpperCase();
  const index = (A3_FAMILY as readonly string[]).indexOf(size);
  return index === -1 ? [size] : A3_FAMILY.slice(index);
}

/**
 * Products on one page of a list; "Load more" adds this many (docs/product-rules.md "Lists:
 * filters, sorting and paging"; the page rules are in listUrl.ts).
 */
export const LIST_PAGE_SIZE = 12;

/**
 * The query string of a list request, e.g. '?limit=12&offset=0&brand=Canon%2CRicoh&sort=price-asc':
 * limit and offset always first (?limit&offset), then productListSearch()'s filters.
 */
export function listSearch(filters: Omit<ProductListQuery, 'limit' | 'offset'>, limit: number, offset: number): string {
  const params = new URLSearchParams({ limit: String(limit), offset: String(offset) });
  for (const [name, value] of new URLSearchParams(productListSearch({ ...filters, limit, offset }))) {
    if (name !== 'limit' && name !== 'offset') params.append(name, value);
  }
  return `?${params.toString()}`;
}
