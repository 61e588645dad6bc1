/**
 * The quote form's yup schemas (docs/product-rules.md "Quote form"), built from the messages, limits and
 * patterns in ../domain/quote.ts. The basket remote validates its form with contactDetailsSchema
 * and the server validates every POST /api/quote with quoteRequestSchema.
 */
import { array, mixed, number, object, type InferType } from 'yup';
import { text } from './text';
import { CAMPAIGN_KEYS } from '../domain/campaign';
import { MONTHLY_PAGES_MAX } from '../domain/runningCosts';
import {
  FIELD_LIMITS,
  MAX_QUOTE_PRODUCTS,
  MODEL_ID_PATTERN,
  QUOTE_MESSAGES,
  UK_PHONE_PATTERN,
  UK_POSTCODE_PATTERN,
  QUOTE_TERM_MESSAGE,
  QUOTE_VOLUME_MESSAGE,
  QUOTE_TERM_MAX_MONTHS,
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

const pagesAMonth = () =>
  number()
    .typeError(QUOTE_VOLUME_MESSAGE)
    .required(QUOTE_VOLUME_MESSAGE)
    .integer(QUOTE_VOLUME_MESSAGE)
    .min(0, QUOTE_VOLUME_MESSAGE)
    .max(MONTHLY_PAGES_MAX, QUOTE_VOLUME_MESSAGE);

/**
 * The volumes the buyer's figures were worked out at (docs/product-rules.md "A quote's figures"):
 * whole pages a month, 0 to MONTHLY_PAGES_MAX of each. Optional: without them each machine is
 * quoted at its class's typical volumes.
 */
export const quoteVolumesSchema = object({ mono: pagesAMonth(), colour: pagesAMonth() }).noUnknown(true).strict(true);

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
  volumes: quoteVolumesSchema.default(undefined).optional(),
  /** The lease term the buyer asked about, in months: one of the terms' offered terms (checked by the server against them). */
  leaseTermMonths: number()
    .strict(true)
    .typeError(QUOTE_TERM_MESSAGE)
    .integer(QUOTE_TERM_MESSAGE)
    .min(1, QUOTE_TERM_MESSAGE)
    .max(QUOTE_TERM_MAX_MONTHS, QUOTE_TERM_MESSAGE)
    .optional(),
}).noUnknown(true);

export type QuoteRequest = InferType<typeof quoteRequestSchema>;
