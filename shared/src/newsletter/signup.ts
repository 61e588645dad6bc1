/**
 * What the newsletter form does beyond its markup (see NewsletterForm): checking the e-mail address
 * with the shared rules, and the sign-up request (docs/product-rules.md "Newsletter sign-up"). The
 * form is on every page but rarely used, so this is a chunk of its own, loaded with the rules' chunk
 * (yup and the schema) when the form first takes focus; every check and the submit await them.
 */
import { trackEvent } from '@copytech/shared';
import { NEWSLETTER_FORM, newsletterFieldName, type ApiErrorBody } from '../domain';
import type { newsletterSchema } from '../forms';

export const NEWSLETTER_ENDPOINT = '/api/newsletter';
export const NEWSLETTER_FORM_ID = NEWSLETTER_FORM.id;
export const NEWSLETTER_FORM_NAME = NEWSLETTER_FORM.name;

/** The message for this e-mail address by the newsletter's schema, or null when it is right. */
export function newsletterEmailError(schema: typeof newsletterSchema, email: string): string | null {
  try {
    schema.validateSyncAt('email', { email });
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

/**
 * Posts the sign-up. Resolves with null when the visitor is signed up, or with the server's own
 * message about the e-mail address; rejects when it failed for any other reason.
 */
export async function postNewsletterSignup(firstName: string, email: string, returnUrl: string): Promise<string | null> {
  const response = await fetch(NEWSLETTER_ENDPOINT, {
    method: 'POST',
    headers: { Accept: 'application/json' },
    body: newsletterFormData(firstName, email, returnUrl),
  });
  if (!response.ok) {
    const fieldError = response.status === 400 ? await serverEmailError(response) : null;
    if (fieldError) return fieldError;
    throw new Error(`HTTP ${response.status}`);
  }
  trackEvent('newsletter_signup', { formId: NEWSLETTER_FORM_ID });
  return null;
}
