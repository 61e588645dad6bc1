/**
 * The filter form of a list: model search, speed range, brand, maximum paper size and colour.
 * Choices apply at once; typed values apply on Enter, on leaving the field, or after a pause.
 * The form only reports new filters: the page writes them to the URL, the server filters.
 */
import { useId, type FormEvent } from 'react';
import { SPEED_BOUNDS } from '@copytech/shared/domain';
import type { ListFacets, ListFilters } from '../api/catalogueApi';
import type { ListDefinition } from '@copytech/shared/domain';
import { CheckboxGroup, ColourGroup, SearchField, SpeedRange } from './FilterGroups';
import { brandOptionsOf, hasFilters, paperOptionsOf, toggled } from './filterOptions';
import { useFilterForm } from './useFilterForm';
import styles from './ProductFilters.module.css';

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

export function ProductFilters({ definition, filters: urlFilters, facets, seenBrands, onChange, onClear, id }: ProductFiltersProps) {
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

  return (
    <form className={styles.filters} onSubmit={submit} aria-label={`Filter ${definition.noun.many}`} id={id} noValidate>
      <SearchField id={`${uid}-q`} {...typing} />

      {bounds ? <SpeedRange uid={uid} label={definition.speedLabel} bounds={bounds} {...typing} /> : null}

      {showPaper ? (
        <CheckboxGroup
          legend="Maximum paper size"
          name="maxPaperSize"
          options={paperOptions}
          isChecked={(value) => filters.maxPaperSize.includes(value)}
          onToggle={(value, on) => form.choose({ maxPaperSize: toggled(filters.maxPaperSize, value, on) })}
        />
      ) : null}

      {definition.colourFilter ? (
        <ColourGroup
          name={`${uid}-colour`}
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
          onToggle={(value, on) =>
            form.choose({
              brand: toggled(
                filters.brand.filter((b) => !sameBrand(b, value)),
                value,
                on,
              ),
            })
          }
        />
      ) : null}

      <div className={styles.actions}>
        <button type="submit" className={styles.apply}>
          Apply
        </button>
        <button type="button" className={styles.clear} onClick={onClear} disabled={!hasFilters(filters)}>
          Clear filters
        </button>
      </div>
    </form>
  );
}
