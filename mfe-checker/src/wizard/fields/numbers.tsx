/**
 * The wizard's numbers: an amount in pounds with a £ prefix and an optional period, a number of
 * pages with an optional period, and a percentage. They keep what the visitor typed while they
 * type, store a number as soon as it is one, and say on leaving the field when it is not.
 */
import { useContext, useId, useState } from 'react';
import { PERIOD_OPTIONS } from '@copytech/shared/domain';
import { usePostedChecker } from '../../checker/postedContext';
import { periodName } from '../../checker/formFields';
import { parsePages, parsePounds, penceToPoundsText, type Parsed } from '../../checker/format';
import styles from '../fields.module.css';
import { AMOUNT_MESSAGE, describedBy, FieldMessage, PAGES_MESSAGE, ShowAllMessages } from './common';

function PeriodSelect({
  id,
  name,
  label,
  value,
  onChange,
}: {
  id: string;
  name: string;
  label: string;
  value: number;
  onChange: (months: number) => void;
}) {
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <select id={id} name={name} className={styles.select} value={value} onChange={(event) => onChange(Number(event.target.value))}>
        {PERIOD_OPTIONS.map((option) => (
          <option key={option.months} value={option.months}>
            {option.label}
          </option>
        ))}
      </select>
    </>
  );
}

/** The text box of a number field, described by its hint and its message, marked while its text is not a number. */
function ParsedInput({
  id,
  name,
  inputMode,
  autoComplete,
  field,
  hint,
  message,
}: {
  id: string;
  name?: string;
  inputMode: 'decimal' | 'numeric';
  autoComplete?: 'off';
  field: ReturnType<typeof useParsedText>;
  hint: string | undefined;
  message: string | undefined;
}) {
  return (
    <input
      id={id}
      name={name}
      type="text"
      inputMode={inputMode}
      autoComplete={autoComplete}
      className={styles.input}
      value={field.text}
      onChange={(event) => field.onChange(event.target.value)}
      onBlur={field.onBlur}
      data-invalid-text={field.invalid || undefined}
      aria-invalid={message ? true : undefined}
      aria-describedby={describedBy(hint && `${id}-hint`, message && `${id}-error`)}
    />
  );
}

/**
 * Text typed into a number field: kept as typed, parsed into the store as it changes. Text that
 * is not a number stores null and says so when the visitor leaves the field (or presses Next);
 * the field carries data-invalid-text meanwhile, so the wizard will not move on. A step posted
 * without JavaScript starts from the text posted when it was not a number, with its message.
 */
function useParsedText(
  name: string,
  initial: string,
  parse: (text: string) => Parsed,
  onValue: (value: number | null, empty: boolean) => void,
  invalidMessage: string,
) {
  const postedText = usePostedChecker()?.typed[name];
  const [text, setText] = useState(postedText ?? initial);
  const [left, setLeft] = useState(postedText !== undefined);
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
    name,
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
          <ParsedInput id={id} name={name} inputMode="decimal" autoComplete="off" field={field} hint={hint} message={message} />
        </span>
        {period !== undefined && onPeriod ? (
          <PeriodSelect id={`${id}-period`} name={periodName(name)} label={`${label}: how often`} value={period} onChange={onPeriod} />
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
    name,
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
          <ParsedInput id={id} name={name} inputMode="numeric" autoComplete="off" field={field} hint={hint} message={message} />
          <span className={styles.suffix} aria-hidden="true">
            pages
          </span>
        </span>
        {period !== undefined && onPeriod ? (
          <PeriodSelect id={`${id}-period`} name={periodName(name)} label={`${label}: how often`} value={period} onChange={onPeriod} />
        ) : null}
      </div>
      <FieldMessage id={`${id}-error`} message={message} />
    </div>
  );
}

/** A percentage typed as a whole number, 0 to 100. */
export function PercentField({
  name,
  label,
  hint,
  value,
  onChange,
  error,
}: {
  name: string;
  label: string;
  hint?: string;
  value: number;
  onChange: (value: number) => void;
  error?: string;
}) {
  const id = useId();
  const field = useParsedText(
    name,
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
        <ParsedInput id={id} name={name} inputMode="numeric" field={field} hint={hint} message={message} />
        <span className={styles.suffix} aria-hidden="true">
          %
        </span>
      </span>
      <FieldMessage id={`${id}-error`} message={message} />
    </div>
  );
}
