/**
 * One labelled field: label (and "optional" when it is), the control, a hint and its message,
 * wired with aria-invalid and aria-describedby so a screen reader hears the message with the field.
 */
import { type HTMLInputAutoCompleteAttribute, type HTMLAttributes } from 'react';
import type { FieldBinding } from './useEnquiryForm';
import styles from './forms.module.css';

interface BaseProps {
  field: FieldBinding;
  label: string;
  hint?: string;
  optional?: boolean;
  autoComplete?: HTMLInputAutoCompleteAttribute;
  maxLength?: number;
  className?: string;
}
type FieldProps = BaseProps &
  (
    | { as?: 'input'; type?: 'text' | 'email' | 'tel'; inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'] }
    | { as: 'textarea'; rows?: number }
    | { as: 'select'; options: ReadonlyArray<{ value: string; label: string }> }
  );

export function FormField(props: FieldProps) {
  const { field, label, hint, optional = false, autoComplete, maxLength, className } = props;
  const { id } = field;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, field.error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: field.name,
    value: field.value,
    onChange: field.onChange,
    onBlur: field.onBlur,
    required: !optional,
    'aria-invalid': field.error ? true : undefined,
    'aria-describedby': describedBy,
    autoComplete,
    className: styles.control,
  };

  let control;
  if (props.as === 'textarea') {
    control = <textarea {...common} ref={field.ref} rows={props.rows ?? 5} maxLength={maxLength} />;
  } else if (props.as === 'select') {
    control = (
      <select {...common} ref={field.ref}>
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    );
  } else {
    control = <input {...common} ref={field.ref} type={props.type ?? 'text'} inputMode={props.inputMode} maxLength={maxLength} />;
  }

  return (
    <div className={`${styles.field} ${className ?? ''}`}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {optional ? <span className={styles.optional}> (optional)</span> : null}
      </label>
      {control}
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {field.error ? (
        <p id={errorId} className={styles.error}>
          {field.error}
        </p>
      ) : null}
    </div>
  );
}
