/**
 * GET /api/search's answer as the catalogue reads it (the search page and the typeahead): checked
 * for its shape, so a malformed answer is a failure to show, never a page that throws.
 */
import type { SearchPageHit, SearchResponse } from '@copytech/shared/domain';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isPageHit = (value: unknown): value is SearchPageHit =>
  isObject(value) && typeof value.title === 'string' && typeof value.path === 'string' && value.path.startsWith('/');

/** The answer, or null when the JSON is not a search answer. */
export function toSearchResponse(value: unknown): SearchResponse | null {
  if (!isObject(value) || typeof value.query !== 'string') return null;
  const { products, pages, suggestions } = value;
  if (!isObject(products) || !Array.isArray(products.results) || typeof products.count !== 'number') return null;
  if (!Array.isArray(pages)) return null;
  const suggested = isObject(suggestions) && Array.isArray(suggestions.brands) && Array.isArray(suggestions.models) ? suggestions : null;
  return {
    query: value.query,
    products: {
      count: products.count,
      page: typeof products.page === 'number' ? products.page : 1,
      pageSize: typeof products.pageSize === 'number' ? products.pageSize : products.results.length,
      results: products.results.filter(isObject) as unknown as SearchResponse['products']['results'],
    },
    pages: pages.filter(isPageHit),
    suggestions: suggested
      ? {
          brands: (suggested.brands as unknown[]).filter((brand): brand is string => typeof brand === 'string'),
          models: (suggested.models as unknown[]).filter(
            (model): model is { brand: string; model: string; path: string } =>
              isObject(model) && typeof model.brand === 'string' && typeof model.model === 'string' && typeof model.path === 'string',
          ),
        }
      : null,
  };
}

/** What a page hit is, in a word a visitor reads beside its title. */
export const PAGE_HIT_KINDS: Record<SearchPageHit['kind'], string> = {
  list: 'List',
  page: 'Page',
  service: 'Service',
  blog: 'Blog post',
};

/** "5 machines and 2 lists and pages found", "1 machine found", "Nothing found". */
export function foundWords(machines: number, pages: number): string {
  const parts = [
    machines > 0 ? `${machines} ${machines === 1 ? 'machine' : 'machines'}` : '',
    pages > 0 ? `${pages} ${pages === 1 ? 'list or page' : 'lists and pages'}` : '',
  ].filter(Boolean);
  return parts.length ? `${parts.join(' and ')} found` : 'Nothing found';
}

/** The lists offered where a search needs somewhere to go next (no query, nothing found). */
export const MAIN_LISTS: ReadonlyArray<{ label: string; path: string }> = [
  { label: 'Photocopiers', path: '/photocopiers' },
  { label: 'Office printers', path: '/office-printers' },
  { label: 'Commercial printers', path: '/commercial-printers' },
  { label: 'Multifunctionals', path: '/printers/multifunctionals' },
  { label: 'Production printers', path: '/printers/production' },
  { label: 'Wide format plotters', path: '/printers/plotters' },
  { label: 'Document scanners', path: '/scanners' },
  { label: 'Finishers', path: '/finishers' },
];

/** Searches a visitor can copy: a model however typed, a brand, the trade's words. */
export const EXAMPLE_QUERIES: readonly string[] = [
  'bizhub C301i',
  'mfcl8900',
  'A3 colour copier',
  'wide format',
  'booklet',
  'document scanner',
];
