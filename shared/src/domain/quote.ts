/**
 * The quote form's rules (docs/product-rules.md "Quote form"): their exact messages, limits and
 * patterns. The yup schemas built from them are in ../forms/quote.ts (the basket remote loads them
 * when its form is shown; the server validates every request with the same ones), so the two never
 * disagree.
 */

export const QUOTE_MESSAGES = {
  firstName: 'Please enter your first name.',
  lastName: 'Please enter your last name.',
  email: 'Please enter your email address.',
  phoneNumber: 'Please enter a valid phone number.',
  postcode: 'Please enter a valid post code.',
} as const;

export const FIELD_LIMITS = { nameMin: 2, nameMax: 50, emailMax: 254, phoneMin: 10, phoneMax: 15, postcodeMax: 8 } as const;
export const MAX_QUOTE_PRODUCTS = 5;

/** The volumes of a quote request (pages a month) when they are not whole numbers in range. */
export const QUOTE_VOLUME_MESSAGE = 'Pages a month must be a whole number from 0 to 2,000,000.';
/** A lease term that is not one the terms offer. */
export const QUOTE_TERM_MESSAGE = 'Choose a lease term we offer.';
/** No lease term is longer (the terms' own list is the allow-list; this only bounds the request). */
export const QUOTE_TERM_MAX_MONTHS = 120;

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

/** The contact fields of a quote, in the order the form shows them. */
export const CONTACT_FIELDS = ['firstName', 'lastName', 'email', 'phoneNumber', 'postcode'] as const;

/** A product's modelId as a quote request names it. */
export const MODEL_ID_PATTERN = /^[a-z0-9+_()]{1,120}$/;

/** Field errors keyed by path ('contactDetails.email'), from a yup ValidationError. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  const inner = (error as { inner?: Array<{ path?: string; message: string }> }).inner ?? [];
  for (const issue of inner.length ? inner : [error as { path?: string; message: string }]) {
    const key = issue.path || '_';
    if (!Object.hasOwn(errors, key)) errors[key] = issue.message;
  }
  return errors;
}
