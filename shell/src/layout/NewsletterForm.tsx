/**
 * The footer's newsletter sign-up (SPEC.md sections 3, 5 and 7): first name optional, e-mail
 * required and in e-mail format, checked when a field is left and on submit. It posts the
 * marketing-automation form fields as multipart/form-data to /api/newsletter. A failed sign-up
 * keeps what the visitor typed and says what went wrong.
 *
 * The form is on every page, so its yup schema is not in the page's first load: it loads when the
 * form first takes focus, and every check awaits it (on blur, as the visitor types once a message
 * shows, and on submit).
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { trackEvent } from '@copytech/shared';
import { FIELD_LIMITS, NEWSLETTER_MESSAGES, newsletterFieldName, type ApiErrorBody } from '@copytech/shared/domain';
import styles from './NewsletterForm.module.css';

export const NEWSLETTER_ENDPOINT = '/api/newsletter';
export const NEWSLETTER_FORM_ID = '1';
export const NEWSLETTER_FORM_NAME = 'newsletter';

// The server validates with the same schema (newsletterSchema in @copytech/shared/forms).
export const EMAIL_REQUIRED_MESSAGE = NEWSLETTER_MESSAGES.emailRequired;
export const EMAIL_FORMAT_MESSAGE = NEWSLETTER_MESSAGES.emailFormat;
export const SIGNUP_SUCCESS_MESSAGE = "Thanks — you're on the list.";
export const SIGNUP_FAILURE_MESSAGE = "Sorry, we couldn't sign you up just now. Please check your connection and try again.";

type FormRules = typeof import('@copytech/shared/forms');
// The loaded rules stay in this module: each app bundles its own copy of @copytech/shared/forms.
let rules: Promise<FormRules> | null = null;

/** Starts loading the form rules (yup and the schemas) once; a failed load is tried again next time. */
export function loadNewsletterRules(): Promise<FormRules> {
  rules ??= import(/* webpackChunkName: "forms" */ '@copytech/shared/forms').catch((error: unknown) => {
    rules = null;
    throw error;
  });
  return rules;
}

/** On the form's first focus: by the time a field is left, its rules are usually there. */
function preloadRules(): void {
  loadNewsletterRules().catch(() => undefined); // a failed load is retried by the next check
}

/** The message for this e-mail address, or null when it is right. Rejects if the rules cannot load. */
export async function newsletterEmailError(email: string): Promise<string | null> {
  const { newsletterSchema } = await loadNewsletterRules();
  try {
    newsletterSchema.validateSyncAt('email', { email });
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

/** The multipart body the marketing form endpoint expects. */
export function newsletterFormData(firstName: string, email: string, returnUrl: string): FormData {
  const body = new FormData();
  body.append(newsletterFieldName('first_name'), firstName.trim());
  body.append(newsletterFieldName('email'), email.trim());
  body.append(newsletterFieldName('formId'), NEWSLETTER_FORM_ID);
  body.append(newsletterFieldName('formName'), NEWSLETTER_FORM_NAME);
  body.append(newsletterFieldName('return'), returnUrl);
  return body;
}

/** A 400 answer names what is wrong with the e-mail in its fieldErrors; use its words when it does. */
async function serverEmailError(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as Partial<ApiErrorBody> | null;
    const message = body?.fieldErrors?.email ?? body?.fieldErrors?.['mauticform[email]'];
    return typeof message === 'string' && message ? message : null;
  } catch {
    return null;
  }
}

type Status = 'idle' | 'sending' | 'sent' | 'failed';

export function NewsletterForm() {
  const [firstName, setFirstName] = useState('');
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>('idle');
  /** Tabbing through an untouched field says nothing; once typed in, leaving it checks it. */
  const [emailTouched, setEmailTouched] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);
  /** A submit in progress, from its first check to the answer (status shows 'sending' only once checked). */
  const submitting = useRef(false);
  const ids = useId();
  const firstNameId = `${ids}-first-name`;
  const emailId = `${ids}-email`;
  const emailErrorId = `${ids}-email-error`;

  /** Checks the address on blur or as the visitor types; a result for a value since changed is dropped. */
  const checkEmail = (value: string) => {
    newsletterEmailError(value).then(
      (error) => {
        if (emailRef.current?.value === value) setEmailError(error);
      },
      () => undefined, // the rules could not load: the submit checks again (and says so if it still cannot)
    );
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting.current) return;
    submitting.current = true;
    try {
      await send();
    } finally {
      submitting.current = false;
    }
  };

  const send = async () => {
    let error: string | null;
    try {
      error = await newsletterEmailError(email);
    } catch (failure) {
      console.error('[newsletter] sign-up failed:', (failure as Error).message);
      setStatus('failed');
      return;
    }
    setEmailError(error);
    if (error) {
      emailRef.current?.focus();
      return;
    }
    setStatus('sending');
    try {
      const response = await fetch(NEWSLETTER_ENDPOINT, {
        method: 'POST',
        headers: { Accept: 'application/json' },
        body: newsletterFormData(firstName, email, window.location.href),
      });
      if (!response.ok) {
        const fieldError = response.status === 400 ? await serverEmailError(response) : null;
        if (fieldError) {
          setEmailError(fieldError);
          setStatus('idle');
          emailRef.current?.focus();
          return;
        }
        throw new Error(`HTTP ${response.status}`);
      }
      trackEvent('newsletter_signup', { formId: NEWSLETTER_FORM_ID });
      setFirstName('');
      setEmail('');
      setEmailTouched(false);
      setStatus('sent');
    } catch (failure) {
      console.error('[newsletter] sign-up failed:', (failure as Error).message);
      setStatus('failed');
    }
  };

  return (
    <form className={styles.form} noValidate onSubmit={onSubmit} onFocus={preloadRules} aria-labelledby={`${ids}-heading`}>
      <h2 className={styles.heading} id={`${ids}-heading`}>
        Get print-saving tips
      </h2>
      <p className={styles.intro}>News and offers for business printing, about once a month. Unsubscribe at any time.</p>
      <div className={styles.fields}>
        <div className={styles.field}>
          <label htmlFor={firstNameId}>
            First name <span className={styles.optional}>(optional)</span>
          </label>
          <input
            id={firstNameId}
            name="first_name"
            type="text"
            autoComplete="given-name"
            maxLength={50}
            value={firstName}
            onChange={(event) => setFirstName(event.target.value)}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor={emailId}>Email</label>
          <input
            ref={emailRef}
            id={emailId}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            maxLength={FIELD_LIMITS.emailMax}
            value={email}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? emailErrorId : undefined}
            onChange={(event) => {
              setEmail(event.target.value);
              setEmailTouched(true);
              // Once shown, an error clears as soon as the address is right.
              if (emailError) checkEmail(event.target.value);
            }}
            onBlur={() => {
              if (emailTouched) checkEmail(email);
            }}
          />
          {emailError ? (
            <p className={styles.error} id={emailErrorId}>
              {emailError}
            </p>
          ) : null}
        </div>
        <button type="submit" className={styles.submit} disabled={status === 'sending'}>
          {status === 'sending' ? 'Signing up…' : 'Sign up'}
        </button>
      </div>
      <div role="status" className={styles.status}>
        {status === 'sent' ? <p className={styles.success}>{SIGNUP_SUCCESS_MESSAGE}</p> : null}
      </div>
      <div role="alert" className={styles.status}>
        {status === 'failed' ? <p className={styles.failure}>{SIGNUP_FAILURE_MESSAGE}</p> : null}
      </div>
    </form>
  );
}
