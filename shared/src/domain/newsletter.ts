/**
 * Newsletter sign-up (SPEC.md sections 3, 5 and 7): the footer form posts multipart (or
 * url-encoded) fields named mauticform[first_name], mauticform[email], mauticform[formId],
 * mauticform[formName] and mauticform[return] to POST /api/newsletter.
 */
import { object, string, type InferType } from 'yup';

export const NEWSLETTER_MESSAGES = {
  emailRequired: 'The email is a required field.',
  emailFormat: 'Please enter a valid email address.',
  firstName: 'Please keep your first name to 50 characters or fewer.',
  field: 'This field is not valid.',
} as const;

export const NEWSLETTER_FIELDS = ['first_name', 'email', 'formId', 'formName', 'return'] as const;
export type NewsletterField = (typeof NEWSLETTER_FIELDS)[number];

/** The form field name of a newsletter field: 'mauticform[email]'. */
export function newsletterFieldName(field: NewsletterField): string {
  return `mauticform[${field}]`;
}

const SINGLE_LINE = /^[^\u0000-\u001f\u007f]*$/;

export const newsletterSchema = object({
  first_name: string().trim().max(50, NEWSLETTER_MESSAGES.firstName).matches(SINGLE_LINE, NEWSLETTER_MESSAGES.firstName).optional(),
  email: string()
    .trim()
    .required(NEWSLETTER_MESSAGES.emailRequired)
    .max(254, NEWSLETTER_MESSAGES.emailFormat)
    .email(NEWSLETTER_MESSAGES.emailFormat)
    .matches(/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, { message: NEWSLETTER_MESSAGES.emailFormat, excludeEmptyString: true }),
  formId: string().trim().max(20, NEWSLETTER_MESSAGES.field).matches(/^[A-Za-z0-9_-]*$/, NEWSLETTER_MESSAGES.field).optional(),
  formName: string().trim().max(100, NEWSLETTER_MESSAGES.field).matches(SINGLE_LINE, NEWSLETTER_MESSAGES.field).optional(),
  return: string().trim().max(500, NEWSLETTER_MESSAGES.field).matches(SINGLE_LINE, NEWSLETTER_MESSAGES.field).optional(),
}).noUnknown(true, NEWSLETTER_MESSAGES.field);

export type NewsletterSignup = InferType<typeof newsletterSchema>;
