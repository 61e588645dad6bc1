/**
 * Site search (docs/product-rules.md "Site search"): the header's box, its typeahead, the /search
 * page and GET /api/search share these bounds and this answer. The server reads the query with
 * `readSearchQuery`, so every room and the API agree on what a query is.
 */
import type { Product } from './product';

/** The search page's path (a form's `action`, the typeahead's "all results" link). */
export const SEARCH_PATH = '/search';
/** The longest query read, in characters (the rest is ignored); the most words used. */
export const SEARCH_QUERY_MAX_LENGTH = 100;
export const SEARCH_TERMS_MAX = 8;
/** Machines per page of /search, and the most an API answer holds (`limit`). */
export const SEARCH_PAGE_SIZE = 12;
export const SEARCH_LIMIT_MAX = 24;
/** The typeahead asks for this many machines (plus lists and pages). */
export const SEARCH_SUGGEST_LIMIT = 5;
/** The most pages (`page`) of results a query is paged to. */
export const SEARCH_PAGES_MAX = 50;

/** A list or content page that matches: a landing page or list, a CMS page, a service, a blog post. */
export interface SearchPageHit {
  kind: 'list' | 'page' | 'service' | 'blog';
  title: string;
  /** The site path it opens, e.g. `/printers/multifunctionals` */
  path: string;
}

/** The answer of GET /api/search?q=&limit=&page= */
export interface SearchResponse {
  /** The query as read (trimmed, spaces collapsed, bounded): what the page says it searched for. */
  query: string;
  /** Matching active machines, best first; `count` is all of them, `results` this page's. */
  products: { count: number; page: number; pageSize: number; results: Product[] };
  /** Lists and content pages that match, best first (not paged; at most `limit`). */
  pages: SearchPageHit[];
  /**
   * When nothing matched: the closest brands and models (by trigram similarity) to suggest
   * instead; null when something matched or nothing is close.
   */
  suggestions: { brands: string[]; models: Array<{ brand: string; model: string; path: string }> } | null;
}

/** The query as every part reads it: trimmed, inner spaces collapsed, at most SEARCH_QUERY_MAX_LENGTH characters. */
export function readSearchQuery(value: unknown): string {
  if (typeof value !== 'string') return '';
  return value.replace(/\s+/g, ' ').trim().slice(0, SEARCH_QUERY_MAX_LENGTH).trim();
}

/** GET /api/search's URL for a query (`limit` machines of page `page`). */
export function searchApiPath(query: string, options: { limit?: number; page?: number } = {}): string {
  const params = new URLSearchParams({ q: query });
  if (options.limit !== undefined) params.set('limit', String(options.limit));
  if (options.page !== undefined && options.page > 1) params.set('page', String(options.page));
  return `/api/search?${params.toString()}`;
}

/** The search page's URL for a query (page 2 on: `&page=N`). */
export function searchPagePath(query: string, page = 1): string {
  const params = new URLSearchParams({ q: query });
  if (page > 1) params.set('page', String(page));
  return `${SEARCH_PATH}?${params.toString()}`;
}
