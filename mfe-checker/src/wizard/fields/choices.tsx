/** The wizard's choices: a radio group (fieldset and legend), a yes/no question and a select, each labelled and described by its hint and its message. */
import { useId, type ReactNode } from 'react';
import styles from '../fields.module.css';
import { describedBy, FieldMessage } from './common';

export interface RadioOption<V extends string> {
  value: V;
  label: string;
  hint?: string;
}

export function RadioGroup<V extends string>({
  legend,
  hint,
  name,
  options,
  value,
  onChange,
  error,
  legendClassName,
}: {
  legend: ReactNode;
  hint?: string;
  name: string;
  options: ReadonlyArray<RadioOption<V>>;
  value: V | null;
  onChange: (value: V) => void;
  error?: string;
  legendClassName?: string;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <fieldset className={styles.fieldset} aria-describedby={describedBy(hint && hintId, error && errorId)}>
      <legend className={legendClassName ?? styles.legend}>{legend}</legend>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <FieldMessage id={errorId} message={error} />
      <div className={styles.options}>
        {options.map((option) => {
          const optionId = `${id}-${option.value}`;
          return (
            <label key={option.value} htmlFor={optionId} className={styles.option} data-checked={value === option.value || undefined}>
              <input
                id={optionId}
                type="radio"
                name={name}
                value={option.value}
                checked={value === option.value}
                onChange={() => onChange(option.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={option.hint ? `${optionId}-hint` : undefined}
                className={styles.radio}
              />
              <span className={styles.optionText}>
                <span className={styles.optionLabel}>{option.label}</span>
                {option.hint ? (
                  <span id={`${optionId}-hint`} className={styles.optionHint}>
                    {option.hint}
                  </span>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

const YES_NO: ReadonlyArray<RadioOption<'yes' | 'no'>> = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];

export function YesNoQuestion({
  legend,
  hint,
  name,
  value,
  onChange,
  error,
}: {
  legend: string;
  hint?: string;
  name: string;
  value: boolean | null;
  onChange: (yes: boolean) => void;
  error?: string;
}) {
  return (
    <div className={styles.yesNo}>
      <RadioGroup
        legend={legend}
        legendClassName={styles.questionLegend}
        hint={hint}
        name={name}
        options={YES_NO}
        value={value === null ? null : value ? 'yes' : 'no'}
        onChange={(answer) => onChange(answer === 'yes')}
        error={error}
      />
    </div>
  );
}

export function SelectField<V extends string | number>({
  name,
  label,
  hint,
  value,
  options,
  onChange,
  error,
}: {
  name: string;
  label: string;
  hint?: string;
  value: V;
  options: ReadonlyArray<{ value: V; label: string }>;
  onChange: (value: V) => void;
  error?: string;
}) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <select
        id={id}
        name={name}
        className={styles.select}
        value={String(value)}
        onChange={(event) => {
          const option = options.find((candidate) => String(candidate.value) === event.target.value);
          if (option) onChange(option.value);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(hint && `${id}-hint`, error && `${id}-error`)}
      >
        {options.map((option) => (
          <option key={String(option.value)} value={String(option.value)}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessage id={`${id}-error`} message={error} />
    </div>
  );
}
