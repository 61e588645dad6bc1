/**
 * What the filter form offers: the brands and paper sizes to tick (with their counts when the
 * server sends facets), and whether any filter is set. A value in the URL stays offered even when
 * the answer no longer lists it, so it can be unticked.
 */
import type { ListFacets, ListFilters } from '../api/catalogueApi';

export interface FilterOption {
  value: string;
  /** Products with this value, when the server sent facets. */
  count: number | undefined;
}

/** The list with `value` added or taken out, without repeats, in order. */
export function toggled(list: string[], value: string, on: boolean): string[] {
  const next = on ? [...list, value] : list.filter((v) => v !== value);
  return Array.from(new Set(next)).sort((a, b) => a.localeCompare(b));
}

/** The brands to offer: the facets', else those seen in the results; with the chosen ones (any case), by name. */
export function brandOptionsOf(facets: ListFacets | undefined, seenBrands: string[], chosen: string[]): FilterOption[] {
  const options = facets?.brands?.length
    ? facets.brands.map((b) => ({ value: b.brand, count: b.count as number | undefined }))
    : seenBrands.map((brand) => ({ value: brand, count: undefined as number | undefined }));
  for (const selected of chosen) {
    if (!options.some((o) => o.value.toLowerCase() === selected.toLowerCase())) options.push({ value: selected, count: undefined });
  }
  options.sort((a, b) => a.value.localeCompare(b.value));
  return options;
}

/** The paper sizes to offer: the facets', else the list's own; with the chosen ones. */
export function paperOptionsOf(facets: ListFacets | undefined, paperSizes: string[], chosen: string[]): FilterOption[] {
  const options = facets?.paperSizes?.length
    ? facets.paperSizes.map((p) => ({ value: p.paperSize, count: p.count as number | undefined }))
    : paperSizes.map((value) => ({ value, count: undefined as number | undefined }));
  for (const selected of chosen) {
    if (!options.some((o) => o.value === selected)) options.push({ value: selected, count: undefined });
  }
  return options;
}

/** Whether any filter narrows the list (what "Clear filters" would clear; sort is not a filter). */
export function hasFilters(filters: ListFilters): boolean {
  return (
    filters.q !== '' ||
    filters.brand.length > 0 ||
    filters.maxPaperSize.length > 0 ||
    !!filters.colour ||
    filters.minSpeed !== undefined ||
    filters.maxSpeed !== undefined
  );
}
