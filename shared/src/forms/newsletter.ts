/**
 * The newsletter sign-up's yup schema (docs/product-rules.md "Newsletter sign-up"), built from the messages in
 * ../domain/newsletter.ts: the footer form, the CMS sign-up form and POST /api/newsletter use it.
 */
import { object, type InferType } from 'yup';
import { text } from './text';
import { NEWSLETTER_MESSAGES } from '../domain/newsletter';

const SINGLE_LINE = /^[^\u0000-\u001f\u007f]*$/;

export const newsletterSchema = object({
  first_name: text().trim().max(50, NEWSLETTER_MESSAGES.firstName).matches(SINGLE_LINE, NEWSLETTER_MESSAGES.firstName).optional(),
  email: text()
    .trim()
    .required(NEWSLETTER_MESSAGES.emailRequired)
    .max(254, NEWSLETTER_MESSAGES.emailFormat)
    .email(NEWSLETTER_MESSAGES.emailFormat)
    .matches(/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, { message: NEWSLETTER_MESSAGES.emailFormat, excludeEmptyString: true }),
  formId: text()
    .trim()
    .max(20, NEWSLETTER_MESSAGES.field)
    .matches(/^[A-Za-z0-9_-]*$/, NEWSLETTER_MESSAGES.field)
    .optional(),
  formName: text().trim().max(100, NEWSLETTER_MESSAGES.field).matches(SINGLE_LINE, NEWSLETTER_MESSAGES.field).optional(),
  return: text().trim().max(500, NEWSLETTER_MESSAGES.field).matches(SINGLE_LINE, NEWSLETTER_MESSAGES.field).optional(),
}).noUnknown(true, NEWSLETTER_MESSAGES.field);

export type NewsletterSignup = InferType<typeof newsletterSchema>;
