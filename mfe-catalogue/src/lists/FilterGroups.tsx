/**
 * The filter form's groups, one component each: the model search, the speed range, a group of
 * checkboxes (paper sizes, brands) and the colour choice. Their ids come from the form (its
 * useId), so the server's HTML and the browser's hydration agree.
 */
import type { ColourFilter } from '../api/catalogueApi';
import type { FilterOption } from './filterOptions';
import { MAX_SEARCH_LENGTH } from './filterState';
import type { TypedValues } from './useFilterForm';
import styles from './ProductFilters.module.css';

interface TypedFieldProps {
  typed: TypedValues;
  onType: (field: keyof TypedValues, value: string) => void;
  onCommit: () => void;
}

export function SearchField({ id, typed, onType, onCommit }: TypedFieldProps & { id: string }) {
  return (
    <div className={styles.field}>
      <label htmlFor={id}>Search by model</label>
      <input
        id={id}
        className={styles.input}
        type="search"
        name="q"
        value={typed.q}
        maxLength={MAX_SEARCH_LENGTH}
        autoComplete="off"
        placeholder="e.g. C5840i"
        onChange={(e) => onType('q', e.target.value)}
        onBlur={onCommit}
      />
    </div>
  );
}

interface SpeedRangeProps extends TypedFieldProps {
  uid: string;
  label: string;
  bounds: { min: number; max: number };
}

export function SpeedRange({ uid, label, bounds, ...typing }: SpeedRangeProps) {
  return (
    <fieldset className={styles.group}>
      <legend>{label} (pages per minute)</legend>
      <div className={styles.range}>
        <SpeedEnd field="minSpeed" id={`${uid}-min`} label="From" placeholder={bounds.min} bounds={bounds} {...typing} />
        <SpeedEnd field="maxSpeed" id={`${uid}-max`} label="To" placeholder={bounds.max} bounds={bounds} {...typing} />
      </div>
      <p className={styles.hint}>
        Any speed from {bounds.min} to {bounds.max} ppm
      </p>
    </fieldset>
  );
}

interface SpeedEndProps extends TypedFieldProps {
  field: 'minSpeed' | 'maxSpeed';
  id: string;
  label: string;
  placeholder: number;
  bounds: { min: number; max: number };
}

/** One end of the speed range: From or To. */
function SpeedEnd({ field, id, label, placeholder, bounds, typed, onType, onCommit }: SpeedEndProps) {
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        className={styles.input}
        type="number"
        name={field}
        inputMode="numeric"
        min={bounds.min}
        max={bounds.max}
        step={5}
        placeholder={String(placeholder)}
        value={typed[field]}
        onChange={(e) => onType(field, e.target.value)}
        onBlur={onCommit}
      />
    </div>
  );
}

interface CheckboxGroupProps {
  legend: string;
  /** A line under the legend that says what an option stands for. */
  hint?: string;
  name: string;
  options: FilterOption[];
  isChecked: (value: string) => boolean;
  onToggle: (value: string, on: boolean) => void;
}

export function CheckboxGroup({ legend, hint, name, options, isChecked, onToggle }: CheckboxGroupProps) {
  return (
    <fieldset className={styles.group}>
      <legend>{legend}</legend>
      {hint ? <p className={styles.hint}>{hint}</p> : null}
      <ul className={styles.options}>
        {options.map((option) => {
          const checked = isChecked(option.value);
          return (
            <li key={option.value}>
              <label className={styles.option}>
                <input
                  type="checkbox"
                  name={name}
                  value={option.value}
                  checked={checked}
                  // With the other filters chosen, this option would give nothing: said, not offered.
                  disabled={option.count === 0 && !checked}
                  onChange={(e) => onToggle(option.value, e.target.checked)}
                />
                <span>{option.value}</span>
                {option.count !== undefined ? <span className={styles.count}> ({option.count})</span> : null}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

const COLOURS: Array<ColourFilter | undefined> = [undefined, 'colour', 'mono'];

export function ColourGroup({
  name,
  colour,
  counts,
  onChoose,
}: {
  name: string;
  colour: ColourFilter | undefined;
  /** products of each colour with the other filters applied, when the server sent them */
  counts?: Partial<Record<ColourFilter, number>>;
  onChoose: (colour: ColourFilter | undefined) => void;
}) {
  return (
    <fieldset className={styles.group}>
      <legend>Colour or mono</legend>
      <ul className={styles.options}>
        {COLOURS.map((value) => {
          const count = value ? counts?.[value] : undefined;
          return (
            <li key={value ?? 'any'}>
              <label className={styles.option}>
                <input
                  type="radio"
                  name={name}
                  value={value ?? ''}
                  checked={colour === value}
                  disabled={count === 0 && colour !== value}
                  onChange={() => onChoose(value)}
                />
                <span>{value === 'colour' ? 'Colour' : value === 'mono' ? 'Mono' : 'Any'}</span>
                {count !== undefined ? <span className={styles.count}> ({count})</span> : null}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
