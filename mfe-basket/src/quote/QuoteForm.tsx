/**
 * The contact form of a quote (docs/product-rules.md "Quote form"), used by the basket's
 * QuoteDetails view and by the Instant quote panel. Messages appear on blur, and are announced
 * then; submit stays disabled until the form is valid, described by a live hint naming the fields
 * still to complete; every message is tied to its field; a failed submit keeps everything and
 * offers Retry. The form's rules (yup and the schema) load when it is shown, not with the drawer.
 */
import { useEffect, useId, useRef, type FocusEvent, type FormEvent, type KeyboardEvent } from 'react';
import { observer } from 'mobx-react-lite';
import { CONTACT_FIELD_SPECS, ContactFields, isContactField } from '@copytech/shared/contactForm';
import type { MonthlyPages } from '@copytech/shared/domain';
import { stillToCompleteWords, type QuoteFormModel, type ContactField } from './QuoteFormModel';
import { announce } from '../ui/announcer';
import styles from './QuoteForm.module.css';

export interface QuoteFormProps {
  model: QuoteFormModel;
  /** The modelIds the quote is for. */
  productIds: readonly string[];
  submitLabel: string;
  /** The volumes the figures shown beside the form were worked out at, sent with the request (the e-mail's figures are worked out at them). */
  volumes?: MonthlyPages | null;
  /** Called with the reference once the server has stored the quote. */
  onSent: (reference: string) => void;
}

/** What went wrong with the last send, the submit (Retry after a failure that sending again can mend) and its hint. */
const QuoteActions = observer(function QuoteActions({ model, productIds, submitLabel }: Omit<QuoteFormProps, 'onSent' | 'volumes'>) {
  const hintId = `${useId()}-hint`;
  const failure = model.failureFor(productIds);
  const stillToComplete = stillToCompleteWords(model.fieldsToComplete);
  // The hint is always in the page (a live region must be there before its words change); it names
  // the fields still to complete while Send is unavailable, and is empty once the form is valid.
  const hint = model.isValid ? '' : stillToComplete || 'Checking your details…';
  return (
    <>
      {failure ? (
        <div className={styles.failure} role="alert">
          <p className={styles.failureText}>{failure.message}</p>
        </div>
      ) : null}

      <div className={styles.actions}>
        {/* aria-disabled while sending, so the focus stays on the button; clicks are ignored then. */}
        <button
          type="submit"
          className={styles.submit}
          disabled={!model.isValid || productIds.length === 0}
          aria-disabled={model.sending ? true : undefined}
          aria-describedby={!model.isValid ? hintId : undefined}
        >
          {model.sending ? 'Sending…' : failure?.retryable ? 'Retry' : submitLabel}
        </button>
        <p id={hintId} className={styles.hint} aria-live="polite" data-testid="quote-send-hint">
          {hint}
        </p>
      </div>
    </>
  );
});

/** A field left with a message: the message is shown (ContactFields) and announced, with the field's name. */
function announceFieldMessage(model: QuoteFormModel, event: FocusEvent<HTMLDivElement>): void {
  const name = (event.target as HTMLInputElement).name;
  if (!isContactField(name)) return;
  const error = model.errors[name];
  if (error) announce(`${CONTACT_FIELD_SPECS[name].label}: ${error}`);
}

export const QuoteForm = observer(function QuoteForm({ model, productIds, submitLabel, volumes, onSent }: QuoteFormProps) {
  const inputs = useRef<Partial<Record<ContactField, HTMLInputElement | null>>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const canSubmit = model.isValid && !model.sending && productIds.length > 0;

  const focusField = (field: ContactField | null) => {
    if (field) inputs.current[field]?.focus();
  };

  useEffect(() => {
    void model.loadRules();
  }, [model]);

  // Unmounted while sending (the drawer closed)? The model still finishes; nothing to focus then.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const submit = async () => {
    if (model.sending) return;
    const firstInvalid = model.validateAll();
    if (firstInvalid) {
      focusField(firstInvalid);
      return;
    }
    // The browser's own check too: the form sends only when that passes (docs/product-rules.md "Quote form").
    const form = formRef.current;
    if (form && !form.checkValidity()) {
      const invalid = form.querySelector<HTMLInputElement>(':invalid');
      invalid?.focus();
      return;
    }
    announce('Sending your quote request…');
    const outcome = await model.submit(productIds, volumes);
    if (!outcome) return;
    if (outcome.outcome === 'sent') {
      announce(`Your quote request has been sent. Your reference is ${outcome.reference}.`);
      onSent(outcome.reference);
      return;
    }
    announce(model.failure?.message ?? 'Your quote request was not sent.');
    if (mounted.current) focusField(model.firstFieldInError);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit();
  };

  // Enter in a field of an invalid form: the submit button is disabled, so say what is missing.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && !canSubmit && !model.sending) {
      event.preventDefault();
      focusField(model.validateAll());
    }
  };

  return (
    <form ref={formRef} className={styles.form} noValidate onSubmit={onSubmit} aria-busy={model.sending}>
      <p className={styles.note}>All fields are required. We use your details only to send and follow up this quote.</p>
      <div onBlur={(event) => announceFieldMessage(model, event)} className={styles.fields}>
        <ContactFields
          model={model}
          inputRef={(field, element) => {
            inputs.current[field] = element;
          }}
          readOnly={model.sending}
          onKeyDown={onKeyDown}
        />
      </div>

      <QuoteActions model={model} productIds={productIds} submitLabel={submitLabel} />
    </form>
  );
});
