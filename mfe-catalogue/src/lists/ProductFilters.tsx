/**
 * The filter form of a list: model search, speed range, brand, maximum paper size and colour.
 * Choices apply at once; typed values apply on Enter, on leaving the field, or after a pause.
 * The form only reports new filters: the page writes them to the URL, the server filters.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { SPEED_BOUNDS } from '@copytech/shared/domain';
import type { ColourFilter, ListFacets, ListFilters } from '../api/catalogueApi';
import { cleanSearch, MAX_SEARCH_LENGTH } from './filterState';
import type { ListDefinition } from '@copytech/shared/domain';
import styles from './ProductFilters.module.css';

const TYPING_PAUSE_MS = 700;

export interface ProductFiltersProps {
  definition: Pick<ListDefinition, 'speed' | 'speedLabel' | 'colourFilter' | 'paperSizes' | 'noun'>;
  filters: ListFilters;
  facets: ListFacets | undefined;
  /** Brands seen in the results, offered when the server sends no facets. */
  seenBrands: string[];
  onChange: (filters: ListFilters) => void;
  onClear: () => void;
  id?: string;
}

interface TypedValues {
  q: string;
  minSpeed: string;
  maxSpeed: string;
}

function typedOf(filters: ListFilters): TypedValues {
  return { q: filters.q, minSpeed: filters.minSpeed?.toString() ?? '', maxSpeed: filters.maxSpeed?.toString() ?? '' };
}

function toggled(list: string[], value: string, on: boolean): string[] {
  const next = on ? [...list, value] : list.filter((v) => v !== value);
  return Array.from(new Set(next)).sort((a, b) => a.localeCompare(b));
}

export function ProductFilters({
  definition,
  filters: urlFilters,
  facets,
  seenBrands,
  onChange: report,
  onClear,
  id,
}: ProductFiltersProps) {
  // The choices show at once; the URL (and so the list) follows in a transition.
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

  const uid = useId();
  const bounds = definition.speed ? SPEED_BOUNDS[definition.speed] : null;
  const [typed, setTyped] = useState<TypedValues>(() => typedOf(urlFilters));
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // The URL changed from outside (Back, a link, Clear): show what it says.
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

  function submit(event: FormEvent): void {
    event.preventDefault();
    commitTyped();
  }

  const brandOptions = facets?.brands?.length
    ? facets.brands.map((b) => ({ value: b.brand, count: b.count as number | undefined }))
    : seenBrands.map((brand) => ({ value: brand, count: undefined as number | undefined }));
  for (const selected of filters.brand) {
    if (!brandOptions.some((o) => o.value.toLowerCase() === selected.toLowerCase()))
      brandOptions.push({ value: selected, count: undefined });
  }
  brandOptions.sort((a, b) => a.value.localeCompare(b.value));

  const paperOptions = facets?.paperSizes?.length
    ? facets.paperSizes.map((p) => ({ value: p.paperSize, count: p.count as number | undefined }))
    : definition.paperSizes.map((value) => ({ value, count: undefined as number | undefined }));
  for (const selected of filters.maxPaperSize) {
    if (!paperOptions.some((o) => o.value === selected)) paperOptions.push({ value: selected, count: undefined });
  }
  const showPaper = paperOptions.length > 1 || filters.maxPaperSize.length > 0;
  const hasFilters =
    filters.q !== '' ||
    filters.brand.length > 0 ||
    filters.maxPaperSize.length > 0 ||
    !!filters.colour ||
    filters.minSpeed !== undefined ||
    filters.maxSpeed !== undefined;

  return (
    <form className={styles.filters} onSubmit={submit} aria-label={`Filter ${definition.noun.many}`} id={id} noValidate>
      <div className={styles.field}>
        <label htmlFor={`${uid}-q`}>Search by model</label>
        <input
          id={`${uid}-q`}
          type="search"
          name="q"
          value={typed.q}
          maxLength={MAX_SEARCH_LENGTH}
          autoComplete="off"
          placeholder="e.g. C5840i"
          onChange={(e) => type('q', e.target.value)}
          onBlur={() => commitTyped()}
        />
      </div>

      {bounds ? (
        <fieldset className={styles.group}>
          <legend>{definition.speedLabel} (pages per minute)</legend>
          <div className={styles.range}>
            <div className={styles.field}>
              <label htmlFor={`${uid}-min`}>From</label>
              <input
                id={`${uid}-min`}
                type="number"
                name="minSpeed"
                inputMode="numeric"
                min={bounds.min}
                max={bounds.max}
                step={5}
                placeholder={String(bounds.min)}
                value={typed.minSpeed}
                onChange={(e) => type('minSpeed', e.target.value)}
                onBlur={() => commitTyped()}
              />
            </div>
            <div className={styles.field}>
              <label htmlFor={`${uid}-max`}>To</label>
              <input
                id={`${uid}-max`}
                type="number"
                name="maxSpeed"
                inputMode="numeric"
                min={bounds.min}
                max={bounds.max}
                step={5}
                placeholder={String(bounds.max)}
                value={typed.maxSpeed}
                onChange={(e) => type('maxSpeed', e.target.value)}
                onBlur={() => commitTyped()}
              />
            </div>
          </div>
          <p className={styles.hint}>
            Any speed from {bounds.min} to {bounds.max} ppm
          </p>
        </fieldset>
      ) : null}

      {showPaper ? (
        <fieldset className={styles.group}>
          <legend>Maximum paper size</legend>
          <ul className={styles.options}>
            {paperOptions.map((option) => (
              <li key={option.value}>
                <label className={styles.option}>
                  <input
                    type="checkbox"
                    name="maxPaperSize"
                    value={option.value}
                    checked={filters.maxPaperSize.includes(option.value)}
                    onChange={(e) =>
                      onChange({ ...withTyped(typed), maxPaperSize: toggled(filters.maxPaperSize, option.value, e.target.checked) })
                    }
                  />
                  <span>{option.value}</span>
                  {option.count !== undefined ? <span className={styles.count}>({option.count})</span> : null}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}

      {definition.colourFilter ? (
        <fieldset className={styles.group}>
          <legend>Colour or mono</legend>
          <ul className={styles.options}>
            {([undefined, 'colour', 'mono'] as Array<ColourFilter | undefined>).map((value) => (
              <li key={value ?? 'any'}>
                <label className={styles.option}>
                  <input
                    type="radio"
                    name={`${uid}-colour`}
                    value={value ?? ''}
                    checked={filters.colour === value}
                    onChange={() => onChange({ ...withTyped(typed), colour: value })}
                  />
                  <span>{value === 'colour' ? 'Colour' : value === 'mono' ? 'Mono' : 'Any'}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}

      {/* Last, because its choices may arrive with the first answer: nothing above it moves. */}
      {brandOptions.length > 0 ? (
        <fieldset className={styles.group}>
          <legend>Brand</legend>
          <ul className={styles.options}>
            {brandOptions.map((option) => (
              <li key={option.value}>
                <label className={styles.option}>
                  <input
                    type="checkbox"
                    name="brand"
                    value={option.value}
                    checked={filters.brand.some((b) => b.toLowerCase() === option.value.toLowerCase())}
                    onChange={(e) =>
                      onChange({
                        ...withTyped(typed),
                        brand: toggled(
                          filters.brand.filter((b) => b.toLowerCase() !== option.value.toLowerCase()),
                          option.value,
                          e.target.checked,
                        ),
                      })
                    }
                  />
                  <span>{option.value}</span>
                  {option.count !== undefined ? <span className={styles.count}>({option.count})</span> : null}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}

      <div className={styles.actions}>
        <button type="submit" className={styles.apply}>
          Apply
        </button>
        <button type="button" className={styles.clear} onClick={onClear} disabled={!hasFilters}>
          Clear filters
        </button>
      </div>
    </form>
  );
}
