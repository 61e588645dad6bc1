/**
 * A newsletter sign-up placed in a page by the CMS (the footer has its own): first name optional,
 * e-mail required ('The email is a required field.'), posted as multipart form fields
 * mauticform[...] to /api/newsletter (docs/product-rules.md "Newsletter sign-up"). Its schema loads
 * on the form's first focus (@copytech/shared/formRules); every check awaits it.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { trackEvent } from '@copytech/shared';
import { newsletterFieldName } from '@copytech/shared/domain';
import { loadFormRules, preloadFormRules } from '@copytech/shared/formRules';
import styles from './forms.module.css';

export const NEWSLETTER_ENDPOINT = '/api/newsletter';
export const NEWSLETTER_FORM_ID = '1';
export const NEWSLETTER_FORM_NAME = 'newsletter';

async function emailMessage(email: string): Promise<string | undefined> {
  const { newsletterSchema } = await loadFormRules();
  try {
    newsletterSchema.validateSyncAt('email', { email });
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

type Status = 'idle' | 'sending' | 'sent' | 'failed';

export default function NewsletterSignup({ labelledBy }: { labelledBy?: string }) {
  const [firstName, setFirstName] = useState('');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [status, setStatus] = useState<Status>('idle');
  const edited = useRef(false);
  const sending = useRef(false);
  const emailInput = useRef<HTMLInputElement>(null);
  const id = useId();

  /** Shows the message for the address once checked, unless it has changed since. */
  const check = (value: string) => {
    emailMessage(value).then(
      (message) => {
        if (emailInput.current?.value === value) setError(message);
      },
      () => undefined, // the rules could not load: submit checks again, and says so if it still cannot
    );
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    sending.current = true;
    let message: string | undefined;
    try {
      message = await emailMessage(email);
    } catch (failure) {
      console.error('[content] newsletter sign-up failed:', (failure as Error).message);
      sending.current = false;
      setStatus('failed');
      return;
    }
    setError(message);
    if (message) {
      sending.current = false;
      emailInput.current?.focus();
      return;
    }
    setStatus('sending');
    const body = new FormData();
    body.append(newsletterFieldName('first_name'), firstName.trim());
    body.append(newsletterFieldName('email'), email.trim());
    body.append(newsletterFieldName('formId'), NEWSLETTER_FORM_ID);
    body.append(newsletterFieldName('formName'), NEWSLETTER_FORM_NAME);
    body.append(newsletterFieldName('return'), window.location.href);
    try {
      const response = await fetch(NEWSLETTER_ENDPOINT, { method: 'POST', headers: { Accept: 'application/json' }, body });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      trackEvent('newsletter_signup', { formId: NEWSLETTER_FORM_ID });
      setFirstName('');
      setEmail('');
      edited.current = false;
      setStatus('sent');
    } catch (failure) {
      console.error('[content] newsletter sign-up failed:', (failure as Error).message);
      setStatus('failed');
    } finally {
      sending.current = false;
    }
  };

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={onSubmit}
      onFocus={preloadFormRules}
      aria-labelledby={labelledBy}
      data-form="newsletter"
    >
      <div className={styles.row}>
        <div className={styles.field}>
          <label htmlFor={`${id}-first`} className={styles.label}>
            First name<span className={styles.optional}> (optional)</span>
          </label>
          <input
            id={`${id}-first`}
            className={styles.control}
            name="first_name"
            autoComplete="given-name"
            maxLength={50}
            value={firstName}
            onChange={(event) => setFirstName(event.target.value)}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${id}-email`} className={styles.label}>
            Email
          </label>
          <input
            ref={emailInput}
            id={`${id}-email`}
            className={styles.control}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            maxLength={254}
            value={email}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-email-error` : undefined}
            onChange={(event) => {
              edited.current = true;
              setEmail(event.target.value);
              if (error) check(event.target.value);
            }}
            onBlur={() => {
              if (edited.current || error) check(email);
            }}
          />
          {error ? (
            <p id={`${id}-email-error`} className={styles.error}>
              {error}
            </p>
          ) : null}
        </div>
      </div>
      <div role="status">{status === 'sent' ? <p className={styles.success}>Thanks: you are on the list.</p> : null}</div>
      <div role="alert">
        {status === 'failed' ? <p className={styles.alert}>Sorry, we could not sign you up just now. Please try again.</p> : null}
      </div>
      <div className={styles.actions}>
        <button type="submit" className={styles.submit} disabled={status === 'sending'}>
          {status === 'sending' ? 'Signing up…' : 'Sign up'}
        </button>
        <p className={styles.privacy}>About once a month. Unsubscribe at any time.</p>
      </div>
    </form>
  );
}
