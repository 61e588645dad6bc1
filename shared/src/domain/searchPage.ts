/**
 * The /search page's rules, read the same way by the catalogue (which renders it) and the server
 * (which answers its status and head before any script runs), so both agree on what a URL is:
 * the query (`q`, read by readSearchQuery), the page (`page`, 1 to SEARCH_PAGES_MAX) and the
 * head (never indexed: a page of results is not a page of the site).
 */
import { SEARCH_PAGE_SIZE, SEARCH_PAGES_MAX, SEARCH_PATH, readSearchQuery, searchApiPath, searchPagePath } from './search';

/** What a /search URL asks for; `page` is null when `?page` is not a page (Not Found). */
export interface SearchPageUrl {
  query: string;
  page: number | null;
}

/** The query and the page of a /search URL's parameters (a page past the results' end is checked once they are counted). */
export function parseSearchUrl(params: URLSearchParams): SearchPageUrl {
  const query = readSearchQuery(params.get('q') ?? '');
  const raw = params.get('page');
  if (raw === null) return { query, page: 1 };
  const page = /^[1-9][0-9]{0,2}$/.test(raw) ? Number(raw) : NaN;
  return { query, page: Number.isInteger(page) && page <= SEARCH_PAGES_MAX ? page : null };
}

/** The API read a page of results is rendered with (the server reads the same URL for its status). */
export function searchPageApiUrl(query: string, page: number): string {
  return searchApiPath(query, { limit: SEARCH_PAGE_SIZE, page });
}

/** How many pages `count` machines make (at least one, at most SEARCH_PAGES_MAX). */
export function searchPageCount(count: number): number {
  return Math.min(SEARCH_PAGES_MAX, Math.max(1, Math.ceil(count / SEARCH_PAGE_SIZE)));
}

/** The robots rule of every /search URL: never indexed, its links followed. */
export const SEARCH_ROBOTS = 'noindex, follow';

/** The page's title and h1: `Search results for "…"` (the text is escaped where it is written), or "Search" for no query. */
export function searchHeading(query: string): string {
  return query ? `Search results for \u201c${query}\u201d` : 'Search';
}

/** The head of a /search page, the same in the browser (useDocumentMeta) and in the server's answer. */
export function searchPageMeta(query: string, page: number) {
  const heading = searchHeading(query);
  return {
    title: page > 1 ? `${heading}, page ${page}` : heading,
    description: 'Search Copytech’s printers, photocopiers, scanners and finishers by brand, model or kind, and its guides and services.',
    canonicalPath: query ? searchPagePath(query, page) : SEARCH_PATH,
    robots: SEARCH_ROBOTS,
  };
}
