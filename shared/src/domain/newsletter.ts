/**
 * Newsletter sign-up (docs/product-rules.md "Newsletter sign-up"): the footer form posts multipart (or
 * url-encoded) fields named mauticform[first_name], mauticform[email], mauticform[formId],
 * mauticform[formName] and mauticform[return] to POST /api/newsletter. The yup schema built from these messages is in ../forms/newsletter.ts.
 */

export const NEWSLETTER_MESSAGES = {
  emailRequired: 'The email is a required field.',
  emailFormat: 'Please enter a valid email address.',
  firstName: 'Please keep your first name to 50 characters or fewer.',
  field: 'This field is not valid.',
} as const;

export const NEWSLETTER_FIELDS = ['first_name', 'email', 'formId', 'formName', 'return'] as const;
export type NewsletterField = (typeof NEWSLETTER_FIELDS)[number];

/** The marketing form the sign-up is for: its formId and formName fields. */
export const NEWSLETTER_FORM = { id: '1', name: 'newsletter' } as const;

/** The form field name of a newsletter field: 'mauticform[email]'. */
export function newsletterFieldName(field: NewsletterField): string {
  return `mauticform[${field}]`;
}
