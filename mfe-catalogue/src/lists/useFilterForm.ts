/**
 * The filter form's state: the choices shown (at once; the URL follows in a transition) and the
 * typed values (search, speeds), which apply on Enter, on leaving the field or after a pause. A
 * change of the URL from outside (Back, a link, Clear) shows what the URL says.
 */
import { useEffect, useRef, useState } from 'react';
import type { ListFilters } from '../api/catalogueApi';
import { cleanSearch } from './filterState';

const TYPING_PAUSE_MS = 700;

export interface TypedValues {
  q: string;
  minSpeed: string;
  maxSpeed: string;
}

function typedOf(filters: ListFilters): TypedValues {
  return { q: filters.q, minSpeed: filters.minSpeed?.toString() ?? '', maxSpeed: filters.maxSpeed?.toString() ?? '' };
}

export interface FilterForm {
  /** The filters as shown. */
  filters: ListFilters;
  typed: TypedValues;
  /** A typed value changed: applied after a pause. */
  type: (field: keyof TypedValues, value: string) => void;
  /** Applies the typed values now (Enter, leaving a field), if they changed the filters. */
  commitTyped: () => void;
  /** A choice: applied at once, with what is typed so far. */
  choose: (change: Partial<ListFilters>) => void;
}

export function useFilterForm(
  urlFilters: ListFilters,
  bounds: { min: number; max: number } | null,
  report: (filters: ListFilters) => void,
): FilterForm {
  const [filters, setFilters] = useState(urlFilters);
  const urlFiltersKey = JSON.stringify(urlFilters);
  useEffect(() => {
    setFilters(urlFilters);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [urlFiltersKey]);
  const onChange = (next: ListFilters) => {
    setFilters(next);
    report(next);
  };

  const [typed, setTyped] = useState<TypedValues>(() => typedOf(urlFilters));
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const urlTyped = typedOf(urlFilters);
  const urlKey = `${urlTyped.q}|${urlTyped.minSpeed}|${urlTyped.maxSpeed}`;
  useEffect(() => {
    setTyped(typedOf(urlFilters));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [urlKey]);
  useEffect(() => () => clearTimeout(timer.current), []);

  function withTyped(values: TypedValues): ListFilters {
    const speed = (raw: string): number | undefined => {
      if (!bounds || raw.trim() === '') return undefined;
      const value = Number(raw);
      return Number.isFinite(value) ? Math.min(bounds.max, Math.max(bounds.min, Math.round(value))) : undefined;
    };
    return { ...filters, q: cleanSearch(values.q), minSpeed: speed(values.minSpeed), maxSpeed: speed(values.maxSpeed) };
  }

  function commitTyped(values: TypedValues = typed): void {
    clearTimeout(timer.current);
    const next = withTyped(values);
    if (next.q !== filters.q || next.minSpeed !== filters.minSpeed || next.maxSpeed !== filters.maxSpeed) onChange(next);
  }

  function type(field: keyof TypedValues, value: string): void {
    const values = { ...typed, [field]: value };
    setTyped(values);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => commitTyped(values), TYPING_PAUSE_MS);
  }

  return {
    filters,
    typed,
    type,
    commitTyped: () => commitTyped(),
    choose: (change) => onChange({ ...withTyped(typed), ...change }),
  };
}
