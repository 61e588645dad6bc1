/**
 * The five contact fields of a quote or a report, with one set of labels and the shared messages
 * (docs/product-rules.md "Quote form"): each message is tied to its field (aria-describedby) and
 * shows when the field is left, following the typing after that.
 */
import { useId, type KeyboardEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { CONTACT_FIELDS, FIELD_LIMITS } from '../domain';
import type { ContactField, ContactFormModel } from './ContactFormModel';
import styles from './ContactFields.module.css';

interface FieldSpec {
  label: string;
  type: 'text' | 'email' | 'tel';
  autoComplete: string;
  maxLength: number;
  half?: boolean;
  extra?: Record<string, string | boolean>;
}

const NO_SPELLING = { spellCheck: false, autoCapitalize: 'none' };

export const CONTACT_FIELD_SPECS: Record<ContactField, FieldSpec> = {
  firstName: { label: 'First name', type: 'text', autoComplete: 'given-name', maxLength: FIELD_LIMITS.nameMax, half: true },
  lastName: { label: 'Last name', type: 'text', autoComplete: 'family-name', maxLength: FIELD_LIMITS.nameMax, half: true },
  email: { label: 'E-mail address', type: 'email', autoComplete: 'email', maxLength: FIELD_LIMITS.emailMax, extra: NO_SPELLING },
  // Room for spaces, brackets and an extension: the rules check the length without them.
  phoneNumber: { label: 'Phone number', type: 'tel', autoComplete: 'tel', maxLength: 25 },
  postcode: {
    label: 'Postcode',
    type: 'text',
    autoComplete: 'postal-code',
    maxLength: FIELD_LIMITS.postcodeMax + 2,
    extra: { spellCheck: false, autoCapitalize: 'characters' },
  },
};

export interface ContactFieldsProps {
  model: ContactFormModel;
  /** Each input as it mounts, so the form can focus the first field in error. */
  inputRef?: (field: ContactField, element: HTMLInputElement | null) => void;
  /** While a request is in flight the fields are read-only (what is being sent stays as sent). */
  readOnly?: boolean;
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
}

export const ContactFields = observer(function ContactFields({ model, inputRef, readOnly, onKeyDown }: ContactFieldsProps) {
  const id = useId();
  return (
    <div className={styles.fields}>
      {CONTACT_FIELDS.map((field) => {
        const { label, type, autoComplete, maxLength, half, extra } = CONTACT_FIELD_SPECS[field];
        const error = model.errors[field];
        const inputId = `${id}-${field}`;
        const errorId = `${inputId}-error`;
        return (
          <div key={field} className={half ? `${styles.field} ${styles.half}` : styles.field}>
            <label htmlFor={inputId} className={styles.label}>
              {label}
            </label>
            <input
              ref={inputRef ? (element) => inputRef(field, element) : undefined}
              id={inputId}
              name={field}
              type={type}
              autoComplete={autoComplete}
              maxLength={maxLength}
              className={styles.input}
              value={model.values[field]}
              onChange={(event) => model.setValue(field, event.target.value)}
              onBlur={() => model.blur(field)}
              onKeyDown={onKeyDown}
              required
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              readOnly={readOnly}
              {...extra}
            />
            {error ? (
              <p id={errorId} className={styles.error}>
                <svg aria-hidden="true" viewBox="0 0 16 16" width="16" height="16" className={styles.errorIcon}>
                  <circle cx="8" cy="8" r="7" fill="currentColor" />
                  <rect x="7.1" y="3.5" width="1.8" height="6" rx="0.9" fill="#fff" />
                  <circle cx="8" cy="11.8" r="1.1" fill="#fff" />
                </svg>
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
    </div>
  );
});
