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

/** The typed filters as the list's URL will give them back (parseListUrl): a bound at its limit is none, a reversed range swapped. */
function asTheUrlSays(filters: ListFilters, bounds: { min: number; max: number } | null): ListFilters {
  let minSpeed = bounds && filters.minSpeed !== bounds.min ? filters.minSpeed : undefined;
  let maxSpeed = bounds && filters.maxSpeed !== bounds.max ? filters.maxSpeed : undefined;
  if (minSpeed !== undefined && maxSpeed !== undefined && minSpeed > maxSpeed) [minSpeed, maxSpeed] = [maxSpeed, minSpeed];
  return { ...filters, minSpeed, maxSpeed };
}

function typedKey(values: TypedValues): string {
  return `${values.q}|${values.minSpeed}|${values.maxSpeed}`;
}

/**
 * The typed values shown, following the URL. The URL of this form's own change (it arrives a
 * moment later, in a transition) rewrites only the fields not typed in since (to the value as the
 * URL says it): the visitor may be typing in another one by then, and rewriting that from the URL
 * lost what was typed (From 30, Tab, To 50 became To 0). A URL from outside (Back, a link, Clear)
 * is shown whole.
 */
function useTypedValues(urlFilters: ListFilters, bounds: { min: number; max: number } | null) {
  const [typed, setTyped] = useState<TypedValues>(() => typedOf(urlFilters));
  // The changes this form reported that the URL has not shown yet, oldest first: the typed values
  // they carry (as the URL will say them) and the fields as they were when reported.
  const inFlight = useRef<Array<{ key: string; fields: TypedValues }>>([]);
  const urlKey = typedKey(typedOf(urlFilters));
  const urlKeyRef = useRef(urlKey);
  urlKeyRef.current = urlKey;
  useEffect(() => {
    const own = inFlight.current.findIndex((change) => change.key === urlKey);
    if (own !== -1) {
      const { fields } = inFlight.current[own]!;
      inFlight.current = inFlight.current.slice(own + 1);
      const shown = typedOf(urlFilters);
      setTyped((current) => ({
        q: current.q === fields.q ? shown.q : current.q,
        minSpeed: current.minSpeed === fields.minSpeed ? shown.minSpeed : current.minSpeed,
        maxSpeed: current.maxSpeed === fields.maxSpeed ? shown.maxSpeed : current.maxSpeed,
      }));
      return;
    }
    inFlight.current = [];
    setTyped(typedOf(urlFilters));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [urlKey]);
  function sent(next: ListFilters, fields: TypedValues): void {
    const key = typedKey(typedOf(asTheUrlSays(next, bounds)));
    // A change the URL's typed values will not show (a bound at its limit) does not come back.
    if (key !== urlKeyRef.current) inFlight.current.push({ key, fields });
  }
  return { typed, setTyped, sent };
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
  const { typed, setTyped, sent } = useTypedValues(urlFilters, bounds);
  const onChange = (next: ListFilters, fields: TypedValues) => {
    setFilters(next);
    sent(next, fields);
    report(next);
  };
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
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
    if (next.q !== filters.q || next.minSpeed !== filters.minSpeed || next.maxSpeed !== filters.maxSpeed) onChange(next, values);
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
    choose: (change) => onChange({ ...withTyped(typed), ...change }, typed),
  };
}
