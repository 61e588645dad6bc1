/**
 * The footer's newsletter sign-up (docs/product-rules.md "Newsletter sign-up"): first name optional, e-mail
 * required and in e-mail format, checked when a field is left and on submit. It posts the
 * marketing-automation form fields as multipart/form-data to /api/newsletter. A failed sign-up
 * keeps what the visitor typed and says what went wrong.
 *
 * The form is on every page, so only its markup and state are in the page's first load: its rules
 * (yup and the schema, @copytech/shared/forms) and the request (./newsletterSignup) are chunks
 * that load together when the form first takes focus; every check awaits them (on blur, as the
 * visitor types once a message shows, and on submit), and a failed load is tried again by the next.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { lazyPart } from '../lazyPart';
import styles from './NewsletterForm.module.css';

export const SIGNUP_SUCCESS_MESSAGE = "Thanks — you're on the list.";
export const SIGNUP_FAILURE_MESSAGE = "Sorry, we couldn't sign you up just now. Please check your connection and try again.";
/** As newsletterSchema's limit (FIELD_LIMITS.emailMax; NewsletterForm.test checks they agree). */
export const EMAIL_MAX_LENGTH = 254;

/** The form's behaviour and its rules, fetched side by side (neither waits for the other). */
export const newsletterSignup = lazyPart(() =>
  Promise.all([
    import(/* webpackChunkName: "newsletter" */ './newsletterSignup'),
    // The rules stay in this app: each app bundles its own copy of @copytech/shared/forms.
    import(/* webpackChunkName: "forms" */ '@copytech/shared/forms').then(({ newsletterSchema }) => newsletterSchema),
  ]).then(([signup, schema]) => ({ ...signup, schema })),
);

/** The message for this e-mail address, or null when it is right. Rejects if the rules cannot load. */
async function emailErrorOf(email: string): Promise<string | null> {
  const { newsletterEmailError, schema } = await newsletterSignup.load();
  return newsletterEmailError(schema, email);
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
    emailErrorOf(value).then(
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
      error = await emailErrorOf(email);
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
      const { postNewsletterSignup } = await newsletterSignup.load();
      const fieldError = await postNewsletterSignup(firstName, email, window.location.href);
      if (fieldError) {
        setEmailError(fieldError);
        setStatus('idle');
        emailRef.current?.focus();
        return;
      }
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
    <form className={styles.form} noValidate onSubmit={onSubmit} onFocus={newsletterSignup.preload} aria-labelledby={`${ids}-heading`}>
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
            maxLength={EMAIL_MAX_LENGTH}
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
