/**
 * '@copytech/shared/newsletter': the one newsletter sign-up form (docs/product-rules.md
 * "Newsletter sign-up"), in the footer of every page and wherever the CMS places one. First name
 * optional, e-mail required and in e-mail format, checked when a field is left and on submit; it
 * posts the marketing form's fields as multipart/form-data to /api/newsletter. A failed sign-up
 * keeps what the visitor typed and says what went wrong.
 *
 * Without JavaScript it is a plain `<form method="post">` to the newsletter's page (`/newsletter`,
 * NEWSLETTER_PAGE), which the server answers with that page showing what came of it
 * (docs/product-rules.md "Forms without JavaScript"): that page's form is given the answer as
 * `posted` and shows it (the values kept with the message, or the thanks).
 *
 * Bundled by each app that shows it. Only its markup and state are in a page's first load: its rules
 * (yup and the schema) and the request (./signup) are chunks that load together when the form
 * first takes focus; every check awaits them (on blur, as the visitor types once a message shows,
 * and on submit), and a failed load is tried again by the next. Each app styles it with its own
 * classes.
 */
import { useId, useRef, useState, type ReactNode } from 'react';
import { useSubmitOnce } from '../write/useSubmitOnce';
import { loadOnce } from '../domain/loadOnce';
import type { PostedForm } from '../ssr/serverPageData';

/** Where the form posts without JavaScript: the newsletter's own page, which holds the form too. */
export const NEWSLETTER_PAGE = '/newsletter';

export const SIGNUP_SUCCESS_MESSAGE = "Thanks — you're on the list.";
export const SIGNUP_FAILURE_MESSAGE = "Sorry, we couldn't sign you up just now. Please check your connection and try again.";
/** As newsletterSchema's limit (FIELD_LIMITS.emailMax; the tests check they agree). */
export const EMAIL_MAX_LENGTH = 254;

/** The form's behaviour and its rules, fetched side by side (neither waits for the other). */
export const loadNewsletterSignup = loadOnce(() =>
  Promise.all([
    import(/* webpackChunkName: "newsletter" */ './signup'),
    // The newsletter's schema alone, so that webpack keeps only it in the app's "forms" chunk.
    import(/* webpackChunkName: "forms" */ '@copytech/shared/forms').then(({ newsletterSchema }) => newsletterSchema),
  ]).then(([signup, schema]) => ({ ...signup, schema })),
);

function preload(): void {
  loadNewsletterSignup().catch(() => undefined); // the next check or the submit reports a failure
}

/** The message for this e-mail address, or null when it is right. Rejects if the rules cannot load. */
async function emailErrorOf(email: string): Promise<string | null> {
  const { newsletterEmailError, schema } = await loadNewsletterSignup();
  return newsletterEmailError(schema, email);
}

/** The room's classes for the form's parts. */
export interface NewsletterClasses {
  form?: string;
  fields?: string;
  field?: string;
  label?: string;
  control?: string;
  optional?: string;
  error?: string;
  submit?: string;
  status?: string;
  success?: string;
  failure?: string;
}

export interface NewsletterFormProps {
  classes: NewsletterClasses;
  /** What names the form (a heading's id). */
  labelledBy?: string;
  /** Shown above the fields (a heading and an introduction). */
  children?: ReactNode;
  /** Shown below the form's messages. */
  footnote?: ReactNode;
  /** The server's answer to this form posted without JavaScript (the newsletter page's form only). */
  posted?: PostedForm | null;
}

type Status = 'idle' | 'sending' | 'sent' | 'failed';

/** The form's state and its checks: a check whose address has changed since is dropped. */
function useNewsletterSignup(posted: PostedForm | null) {
  const invalid = posted?.status === 'invalid' ? posted : null;
  const [firstName, setFirstName] = useState(invalid?.values.first_name ?? '');
  const [email, setEmail] = useState(invalid?.values.email ?? '');
  const [emailError, setEmailError] = useState<string | null>(
    invalid ? (invalid.fieldErrors.email ?? invalid.fieldErrors.first_name ?? null) : null,
  );
  const [status, setStatus] = useState<Status>(posted?.status === 'sent' ? 'sent' : 'idle');
  /** Tabbing through an untouched field says nothing; once typed in, leaving it checks it. */
  const [emailTouched, setEmailTouched] = useState(false);
  const emailRef = useRef<HTMLInputElement>(null);

  const checkEmail = (value: string) => {
    emailErrorOf(value).then(
      (error) => {
        if (emailRef.current?.value === value) setEmailError(error);
      },
      () => undefined, // the rules could not load: the submit checks again (and says so if it still cannot)
    );
  };

  const failed = (failure: unknown) => {
    console.error('[newsletter] sign-up failed:', (failure as Error).message);
    setStatus('failed');
  };

  const send = async () => {
    let error: string | null;
    try {
      error = await emailErrorOf(email);
    } catch (failure) {
      return failed(failure);
    }
    setEmailError(error);
    if (error) return emailRef.current?.focus();
    setStatus('sending');
    try {
      const { postNewsletterSignup } = await loadNewsletterSignup();
      const fieldError = await postNewsletterSignup(firstName, email, window.location.href);
      if (fieldError) {
        setEmailError(fieldError);
        setStatus('idle');
        return emailRef.current?.focus();
      }
      setFirstName('');
      setEmail('');
      setEmailTouched(false);
      setStatus('sent');
    } catch (failure) {
      failed(failure);
    }
  };

  const onSubmit = useSubmitOnce(send);

  const emailField = {
    ref: emailRef,
    value: email,
    error: emailError,
    change: (value: string) => {
      setEmail(value);
      setEmailTouched(true);
      // Once shown, an error clears as soon as the address is right.
      if (emailError) checkEmail(value);
    },
    blur: () => {
      if (emailTouched) checkEmail(email);
    },
  };
  return { firstName, setFirstName, email: emailField, status, onSubmit };
}

export function NewsletterForm({ classes, labelledBy, children, footnote, posted = null }: NewsletterFormProps) {
  const { firstName, setFirstName, email, status, onSubmit } = useNewsletterSignup(posted);
  const ids = useId();
  const emailErrorId = `${ids}-email-error`;
  return (
    <form
      className={classes.form}
      method="post"
      action={NEWSLETTER_PAGE}
      noValidate
      onSubmit={onSubmit}
      onFocus={preload}
      aria-labelledby={labelledBy}
      data-form="newsletter"
    >
      <input type="hidden" name="form" value="newsletter" />
      {children}
      <div className={classes.fields}>
        <div className={classes.field}>
          <label htmlFor={`${ids}-first-name`} className={classes.label}>
            First name <span className={classes.optional}>(optional)</span>
          </label>
          <input
            id={`${ids}-first-name`}
            className={classes.control}
            name="first_name"
            type="text"
            autoComplete="given-name"
            maxLength={50}
            value={firstName}
            onChange={(event) => setFirstName(event.target.value)}
          />
        </div>
        <div className={classes.field}>
          <label htmlFor={`${ids}-email`} className={classes.label}>
            Email
          </label>
          <input
            ref={email.ref}
            id={`${ids}-email`}
            className={classes.control}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            required
            maxLength={EMAIL_MAX_LENGTH}
            value={email.value}
            aria-invalid={email.error ? true : undefined}
            aria-describedby={email.error ? emailErrorId : undefined}
            // The server's answer to the form posted without JavaScript: the field and its message are read first.
            autoFocus={posted?.status === 'invalid'}
            onChange={(event) => email.change(event.target.value)}
            onBlur={email.blur}
          />
          {email.error ? (
            <p className={classes.error} id={emailErrorId}>
              {email.error}
            </p>
          ) : null}
        </div>
        <button type="submit" className={classes.submit} disabled={status === 'sending'}>
          {status === 'sending' ? 'Signing up…' : 'Sign up'}
        </button>
      </div>
      <div
        role="status"
        className={classes.status}
        tabIndex={posted?.status === 'sent' ? -1 : undefined}
        autoFocus={posted?.status === 'sent'}
      >
        {status === 'sent' ? <p className={classes.success}>{SIGNUP_SUCCESS_MESSAGE}</p> : null}
      </div>
      <div role="alert" className={classes.status}>
        {status === 'failed' ? <p className={classes.failure}>{SIGNUP_FAILURE_MESSAGE}</p> : null}
      </div>
      {footnote}
    </form>
  );
}
