/**
 * The quote form's rules (SPEC.md section 5), with their exact messages. The basket remote
 * validates with these in the browser and the server validates every request with the same
 * schemas, so the two can never disagree.
 */
import { array, mixed, object, string, type InferType } from 'yup';
import { CAMPAIGN_KEYS } from './campaign';

export const QUOTE_MESSAGES = {
  firstName: 'Please enter your first name.',
  lastName: 'Please enter your last name.',
  email: 'Please enter your email address.',
  phoneNumber: 'Please enter a valid phone number.',
  postcode: 'Please enter a valid post code.',
} as const;

export const FIELD_LIMITS = { nameMin: 2, nameMax: 50, emailMax: 254, phoneMin: 10, phoneMax: 15, postcodeMax: 8 } as const;
export const MAX_QUOTE_PRODUCTS = 5;

/**
 * UK telephone number: national (0…) or international (+44 / 0044 / (+44)), in any of the usual
 * groupings with spaces, hyphens or brackets, with an optional extension of 3 or 4 digits
 * ("x123", "ext 1234", "ext. 123", "#1234").
 */
export const UK_PHONE_PATTERN =
  /^(?:(?:\(?(?:0(?:0|11)\)?[\s-]?\(?|\+)44\)?[\s-]?(?:\(?0\)?[\s-]?)?)|(?:\(?0))(?:(?:\d{5}\)?[\s-]?\d{4,5})|(?:\d{4}\)?[\s-]?(?:\d{5}|\d{3}[\s-]?\d{3}))|(?:\d{3}\)?[\s-]?\d{3}[\s-]?\d{3,4})|(?:\d{2}\)?[\s-]?\d{4}[\s-]?\d{4}))(?:[\s-]?(?:x|ext\.?|#)\s?\d{3,4})?$/i;

/**
 * The length rule (10 to 15) counts what the visitor dialled, the digits and a leading '+',
 * not the spaces, hyphens, brackets or extension words that the pattern allows around them.
 */
export function phoneLength(value: string): number {
  return value.replace(/[^\d+]/g, '').length;
}

/** UK postcode, with or without the space, any case (GIR 0AA included). */
export const UK_POSTCODE_PATTERN =
  /^(?:GIR ?0AA|(?:[A-PR-UWYZ](?:\d{1,2}|[A-HK-Y]\d{1,2}|\d[A-HJKPSTUW]|[A-HK-Y]\d[ABEHMNPRV-Y])) ?\d[ABD-HJLNP-UW-Z]{2})$/i;

/** Printable text only: no control characters (so nothing typed can break a mail header). */
const NO_CONTROL_CHARS = /^[^\u0000-\u001f\u007f]*$/;

const name = (message: string) =>
  string()
    .trim()
    .required(message)
    .min(FIELD_LIMITS.nameMin, message)
    .max(FIELD_LIMITS.nameMax, message)
    .matches(NO_CONTROL_CHARS, message);

export const contactDetailsSchema = object({
  firstName: name(QUOTE_MESSAGES.firstName),
  lastName: name(QUOTE_MESSAGES.lastName),
  email: string()
    .trim()
    .required(QUOTE_MESSAGES.email)
    .max(FIELD_LIMITS.emailMax, QUOTE_MESSAGES.email)
    .email(QUOTE_MESSAGES.email)
    .matches(/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, QUOTE_MESSAGES.email),
  phoneNumber: string()
    .trim()
    .required(QUOTE_MESSAGES.phoneNumber)
    .matches(UK_PHONE_PATTERN, QUOTE_MESSAGES.phoneNumber)
    .test('phone-length', QUOTE_MESSAGES.phoneNumber, (value) => {
      const length = phoneLength(value ?? '');
      return length >= FIELD_LIMITS.phoneMin && length <= FIELD_LIMITS.phoneMax;
    }),
  postcode: string()
    .trim()
    .required(QUOTE_MESSAGES.postcode)
    .max(FIELD_LIMITS.postcodeMax, QUOTE_MESSAGES.postcode)
    .matches(UK_POSTCODE_PATTERN, QUOTE_MESSAGES.postcode),
})
  .noUnknown(true)
  .strict(false);

export type ContactDetails = InferType<typeof contactDetailsSchema>;
export const CONTACT_FIELDS = ['firstName', 'lastName', 'email', 'phoneNumber', 'postcode'] as const;

export const MODEL_ID_PATTERN = /^[a-z0-9+_()]{1,120}$/;

const utmSchema = object(
  Object.fromEntries(CAMPAIGN_KEYS.map((key) => [key, string().max(200).matches(NO_CONTROL_CHARS).optional()])),
).noUnknown(true);

/** POST /api/quote (SPEC.md section 7). */
export const quoteRequestSchema = object({
  productIds: array()
    .of(string().required().matches(MODEL_ID_PATTERN, 'Unknown product id.'))
    .required('Choose at least one product.')
    .min(1, 'Choose at least one product.')
    .max(MAX_QUOTE_PRODUCTS, `A quote can include up to ${MAX_QUOTE_PRODUCTS} printers.`)
    .test('distinct', 'Each product can be included once.', (ids) => !ids || new Set(ids).size === ids.length),
  contactDetails: contactDetailsSchema.required(),
  eventType: mixed<'QUOTE'>().oneOf(['QUOTE'] as const).required(),
  utm: utmSchema.default({}),
}).noUnknown(true);

export type QuoteRequest = InferType<typeof quoteRequestSchema>;

/** Field errors keyed by path ('contactDetails.email'), from a yup ValidationError. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  const inner = (error as { inner?: Array<{ path?: string; message: string }> }).inner ?? [];
  for (const issue of inner.length ? inner : [error as { path?: string; message: string }]) {
    const key = issue.path || '_';
    if (!errors[key]) errors[key] = issue.message;
  }
  return errors;
}
