/**
 * The filter form of a list: model search, speed range, brand, maximum paper size and colour.
 * Choices apply at once; typed values apply on Enter, on leaving the field, or after a pause.
 * The form only reports new filters: the page writes them to the URL, the server filters.
 * Without JavaScript it is a plain GET form to the list's own path whose fields carry the URL's
 * names (q, minSpeed, maxSpeed, maxPaperSize, colour, brand, and the sort chosen), so the server
 * renders the filtered list; "Apply" sends it.
 */
import { useId, type FormEvent } from 'react';
import { SPEED_BOUNDS } from '@copytech/shared/domain';
import type { ListFacets, ListFilters } from '../api/catalogueApi';
import type { ListDefinition } from '@copytech/shared/domain';
import { ClearFiltersLink } from './ClearFiltersLink';
import { CheckboxGroup, ColourGroup, SearchField, SpeedRange } from './FilterGroups';
import { brandOptionsOf, hasFilters, paperOptionsOf, toggled } from './filterOptions';
import { useFilterForm } from './useFilterForm';
import styles from './ProductFilters.module.css';

/** What the A3 option stands for (paperSizesMatching: a machine that takes SRA3 takes A3). */
export const A3_HINT = 'A3 includes the machines that take larger sheets (A3+ and SRA3).';

export interface ProductFiltersProps {
  definition: Pick<ListDefinition, 'speed' | 'speedLabel' | 'colourFilter' | 'paperSizes' | 'noun' | 'defaultSort'>;
  /** The list's path: without JavaScript the form is sent there as a plain GET (its fields carry the URL's names). */
  action: string;
  /** The list without filters, in its order: "Clear filters" is a link to it. */
  clearPath: string;
  filters: ListFilters;
  facets: ListFacets | undefined;
  /** Brands seen in the results, offered when the server sends no facets. */
  seenBrands: string[];
  onChange: (filters: ListFilters) => void;
  onClear: () => void;
  id?: string;
}

export function ProductFilters({
  definition,
  action,
  clearPath,
  filters: urlFilters,
  facets,
  seenBrands,
  onChange,
  onClear,
  id,
}: ProductFiltersProps) {
  const bounds = definition.speed ? SPEED_BOUNDS[definition.speed] : null;
  const form = useFilterForm(urlFilters, bounds, onChange);
  const uid = useId();
  const { filters } = form;
  const typing = { typed: form.typed, onType: form.type, onCommit: form.commitTyped };

  function submit(event: FormEvent): void {
    event.preventDefault();
    form.commitTyped();
  }

  const brandOptions = brandOptionsOf(facets, seenBrands, filters.brand);
  const paperOptions = paperOptionsOf(facets, definition.paperSizes, filters.maxPaperSize);
  const showPaper = paperOptions.length > 1 || filters.maxPaperSize.length > 0;
  const sameBrand = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  const otherBrands = (brand: string) => filters.brand.filter((b) => !sameBrand(b, brand));

  return (
    <form
      className={styles.filters}
      method="get"
      action={action}
      onSubmit={submit}
      aria-label={`Filter ${definition.noun.many}`}
      id={id}
      noValidate
    >
      {/* The order chosen is kept when the filters are sent without JavaScript. */}
      {filters.sort && filters.sort !== definition.defaultSort ? <input type="hidden" name="sort" value={filters.sort} /> : null}
      <SearchField id={`${uid}-q`} {...typing} />

      {bounds ? <SpeedRange uid={uid} label={definition.speedLabel} bounds={bounds} {...typing} /> : null}

      {showPaper ? (
        <CheckboxGroup
          legend="Maximum paper size"
          hint={paperOptions.some((option) => option.value.toUpperCase() === 'A3') ? A3_HINT : undefined}
          name="maxPaperSize"
          options={paperOptions}
          isChecked={(value) => filters.maxPaperSize.includes(value)}
          onToggle={(value, on) => form.choose({ maxPaperSize: toggled(filters.maxPaperSize, value, on) })}
        />
      ) : null}

      {definition.colourFilter ? (
        <ColourGroup
          name="colour"
          colour={filters.colour}
          counts={facets?.colours ? Object.fromEntries(facets.colours.map((c) => [c.colour, c.count])) : undefined}
          onChoose={(colour) => form.choose({ colour })}
        />
      ) : null}

      {/* Last, because its choices may arrive with the first answer: nothing above it moves. */}
      {brandOptions.length > 0 ? (
        <CheckboxGroup
          legend="Brand"
          name="brand"
          options={brandOptions}
          isChecked={(value) => filters.brand.some((b) => sameBrand(b, value))}
          onToggle={(value, on) => form.choose({ brand: toggled(otherBrands(value), value, on) })}
        />
      ) : null}

      <FormActions clearPath={hasFilters(filters) ? clearPath : null} onClear={onClear} />
    </form>
  );
}

/** Apply (sends the form, with or without JavaScript) and Clear filters (a link to the list without them, when there are some). */
function FormActions({ clearPath, onClear }: { clearPath: string | null; onClear: () => void }) {
  return (
    <div className={styles.actions}>
      <button type="submit" className={styles.apply}>
        Apply
      </button>
      {clearPath ? (
        <ClearFiltersLink to={clearPath} className={styles.clear} onClear={onClear} />
      ) : (
        <button type="button" className={styles.clear} disabled>
          Clear filters
        </button>
      )}
    </div>
  );
}
