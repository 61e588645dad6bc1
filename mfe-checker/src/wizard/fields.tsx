/**
 * The wizard's form controls, each labelled, described by its hint and its message, and at
 * least 44px tall: a radio group (fieldset and legend), a yes/no question, an amount in pounds
 * with a £ prefix and an optional period, a number of pages with an optional period, and a
 * select. Amounts and pages keep what the visitor typed while they type, store a number as soon
 * as it is one, and say on leaving the field when it is not.
 */
import { createContext, useContext, useId, useState, type ReactNode } from 'react';
import { PERIOD_OPTIONS } from '@copytech/shared/domain';
import { parsePages, parsePounds, penceToPoundsText, type Parsed } from '../checker/format';
import styles from './fields.module.css';

const AMOUNT_MESSAGE = 'Please enter an amount in pounds, e.g. 125.50.';
const PAGES_MESSAGE = 'Please enter a whole number of pages, e.g. 15000.';

function describedBy(...ids: Array<string | false | null | undefined>): string | undefined {
  const list = ids.filter(Boolean).join(' ');
  return list || undefined;
}

function FieldMessage({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className={styles.error}>
      {message}
    </p>
  ) : null;
}

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

function PeriodSelect({ id, label, value, onChange }: { id: string; label: string; value: number; onChange: (months: number) => void }) {
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <select id={id} className={styles.select} value={value} onChange={(event) => onChange(Number(event.target.value))}>
        {PERIOD_OPTIONS.map((option) => (
          <option key={option.months} value={option.months}>
            {option.label}
          </option>
        ))}
      </select>
    </>
  );
}

/** Set by the wizard once Next has been pressed on a step with problems: every message shows. */
export const ShowAllMessages = createContext(false);

/**
 * Text typed into a number field: kept as typed, parsed into the store as it changes. Text that
 * is not a number stores null and says so when the visitor leaves the field (or presses Next);
 * the field carries data-invalid-text meanwhile, so the wizard will not move on.
 */
function useParsedText(
  initial: string,
  parse: (text: string) => Parsed,
  onValue: (value: number | null, empty: boolean) => void,
  invalidMessage: string,
) {
  const [text, setText] = useState(initial);
  const [left, setLeft] = useState(false);
  const showAll = useContext(ShowAllMessages);
  const invalid = parse(text) === 'invalid';
  return {
    text,
    invalid,
    problem: invalid && (left || showAll) ? invalidMessage : undefined,
    onChange(next: string) {
      setText(next);
      const parsed = parse(next);
      onValue(parsed === 'invalid' ? null : parsed, next.trim() === '');
    },
    onBlur() {
      setLeft(true);
    },
  };
}

export function MoneyField({
  label,
  hint,
  pence,
  onPence,
  period,
  onPeriod,
  error,
  name,
}: {
  label: string;
  hint?: string;
  pence: number | null;
  onPence: (pence: number | null) => void;
  /** months; without it the amount is a one-off */
  period?: number;
  onPeriod?: (months: number) => void;
  error?: string;
  name: string;
}) {
  const id = useId();
  const field = useParsedText(
    penceToPoundsText(pence),
    (text) => parsePounds(text),
    (value) => onPence(value),
    AMOUNT_MESSAGE,
  );
  const message = field.problem ?? error;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        <span className="visually-hidden"> in pounds</span>
      </label>
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <div className={styles.inputRow}>
        <span className={styles.prefixed}>
          <span className={styles.prefix} aria-hidden="true">
            £
          </span>
          <input
            id={id}
            name={name}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            className={styles.input}
            value={field.text}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            data-invalid-text={field.invalid || undefined}
            aria-invalid={message ? true : undefined}
            aria-describedby={describedBy(hint && `${id}-hint`, message && `${id}-error`)}
          />
        </span>
        {period !== undefined && onPeriod ? (
          <PeriodSelect id={`${id}-period`} label={`${label}: how often`} value={period} onChange={onPeriod} />
        ) : null}
      </div>
      <FieldMessage id={`${id}-error`} message={message} />
    </div>
  );
}

export function PagesField({
  label,
  hint,
  pages,
  onPages,
  period,
  onPeriod,
  error,
  name,
  emptyAs = null,
}: {
  label: string;
  hint?: string;
  pages: number | null;
  onPages: (pages: number | null) => void;
  period?: number;
  onPeriod?: (months: number) => void;
  error?: string;
  name: string;
  /** what an empty field means (0 where "0 if none" applies) */
  emptyAs?: number | null;
}) {
  const id = useId();
  const field = useParsedText(
    pages === null ? '' : String(pages),
    (text) => parsePages(text),
    (value, empty) => onPages(empty ? emptyAs : value),
    PAGES_MESSAGE,
  );
  const message = field.problem ?? error;
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
      <div className={styles.inputRow}>
        <span className={styles.suffixed}>
          <input
            id={id}
            name={name}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            className={styles.input}
            value={field.text}
            onChange={(event) => field.onChange(event.target.value)}
            onBlur={field.onBlur}
            data-invalid-text={field.invalid || undefined}
            aria-invalid={message ? true : undefined}
            aria-describedby={describedBy(hint && `${id}-hint`, message && `${id}-error`)}
          />
          <span className={styles.suffix} aria-hidden="true">
            pages
          </span>
        </span>
        {period !== undefined && onPeriod ? (
          <PeriodSelect id={`${id}-period`} label={`${label}: how often`} value={period} onChange={onPeriod} />
        ) : null}
      </div>
      <FieldMessage id={`${id}-error`} message={message} />
    </div>
  );
}

export function SelectField<V extends string | number>({
  label,
  hint,
  value,
  options,
  onChange,
  error,
}: {
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

/** A percentage typed as a whole number, 0 to 100. */
export function PercentField({
  label,
  hint,
  value,
  onChange,
  error,
}: {
  label: string;
  hint?: string;
  value: number;
  onChange: (value: number) => void;
  error?: string;
}) {
  const id = useId();
  const field = useParsedText(
    String(value),
    (text) => {
      const cleaned = text.trim().replace(/%$/, '').trim();
      return /^\d{1,3}$/.test(cleaned) && Number(cleaned) <= 100 ? Number(cleaned) : 'invalid';
    },
    (parsed) => {
      if (parsed !== null) onChange(parsed);
    },
    'Please enter a whole number from 0 to 100.',
  );
  const message = field.problem ?? error;
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
      <span className={`${styles.suffixed} ${styles.narrow}`}>
        <input
          id={id}
          type="text"
          inputMode="numeric"
          className={styles.input}
          value={field.text}
          onChange={(event) => field.onChange(event.target.value)}
          onBlur={field.onBlur}
          data-invalid-text={field.invalid || undefined}
          aria-invalid={message ? true : undefined}
          aria-describedby={describedBy(hint && `${id}-hint`, message && `${id}-error`)}
        />
        <span className={styles.suffix} aria-hidden="true">
          %
        </span>
      </span>
      <FieldMessage id={`${id}-error`} message={message} />
    </div>
  );
}
