/**
 * The quote form's yup schemas (docs/product-rules.md "Quote form"), built from the messages, limits and
 * patterns in ../domain/quote.ts. The basket remote validates its form with contactDetailsSchema
 * and the server validates every POST /api/quote with quoteRequestSchema.
 */
import { array, mixed, object, type InferType } from 'yup';
import { text } from './text';
import { CAMPAIGN_KEYS } from '../domain/campaign';
import {
  FIELD_LIMITS,
  MAX_QUOTE_PRODUCTS,
  MODEL_ID_PATTERN,
  QUOTE_MESSAGES,
  UK_PHONE_PATTERN,
  UK_POSTCODE_PATTERN,
  phoneLength,
} from '../domain/quote';

/** Printable text only: no control characters (so nothing typed can break a mail header). */
const NO_CONTROL_CHARS = /^[^\u0000-\u001f\u007f]*$/;

const name = (message: string) =>
  text().trim().required(message).min(FIELD_LIMITS.nameMin, message).max(FIELD_LIMITS.nameMax, message).matches(NO_CONTROL_CHARS, message);

export const contactDetailsSchema = object({
  firstName: name(QUOTE_MESSAGES.firstName),
  lastName: name(QUOTE_MESSAGES.lastName),
  email: text()
    .trim()
    .required(QUOTE_MESSAGES.email)
    .max(FIELD_LIMITS.emailMax, QUOTE_MESSAGES.email)
    .email(QUOTE_MESSAGES.email)
    .matches(/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, QUOTE_MESSAGES.email),
  phoneNumber: text()
    .trim()
    .required(QUOTE_MESSAGES.phoneNumber)
    .matches(UK_PHONE_PATTERN, QUOTE_MESSAGES.phoneNumber)
    .test('phone-length', QUOTE_MESSAGES.phoneNumber, (value) => {
      const length = phoneLength(value ?? '');
      return length >= FIELD_LIMITS.phoneMin && length <= FIELD_LIMITS.phoneMax;
    }),
  postcode: text()
    .trim()
    .required(QUOTE_MESSAGES.postcode)
    .max(FIELD_LIMITS.postcodeMax, QUOTE_MESSAGES.postcode)
    .matches(UK_POSTCODE_PATTERN, QUOTE_MESSAGES.postcode),
})
  .noUnknown(true)
  .strict(false);

export type ContactDetails = InferType<typeof contactDetailsSchema>;

const utmSchema = object(
  Object.fromEntries(CAMPAIGN_KEYS.map((key) => [key, text().max(200).matches(NO_CONTROL_CHARS).optional()])),
).noUnknown(true);

/** POST /api/quote (docs/api.md "Writes"). */
export const quoteRequestSchema = object({
  productIds: array()
    .of(text().required().matches(MODEL_ID_PATTERN, 'Unknown product id.'))
    .required('Choose at least one product.')
    .min(1, 'Choose at least one product.')
    .max(MAX_QUOTE_PRODUCTS, `A quote can include up to ${MAX_QUOTE_PRODUCTS} printers.`)
    .test('distinct', 'Each product can be included once.', (ids) => !ids || new Set(ids).size === ids.length),
  contactDetails: contactDetailsSchema.required(),
  eventType: mixed<'QUOTE'>()
    .oneOf(['QUOTE'] as const)
    .required(),
  utm: utmSchema.default({}),
}).noUnknown(true);

export type QuoteRequest = InferType<typeof quoteRequestSchema>;
