/**
 * Filter and sort state lives in the URL query
 * (docs/product-rules.md "Lists: filters, sorting and paging"), so a filtered list can be shared
 * and Back restores it. The mapping itself (parseListUrl, listUrlParams) is shared with the
 * server, which answers a list URL's status and head by the same rules
 * (@copytech/shared/domain, listUrl.ts); what only the catalogue needs is here.
 */
import type { ProductSort } from '@copytech/shared/domain';
import type { ListFilters } from '../api/catalogueApi';

export { MAX_LOADED_PAGES, MAX_SEARCH_LENGTH, cleanSearch, listUrlParams, parseListUrl, type ListUrlState } from '@copytech/shared/domain';

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
