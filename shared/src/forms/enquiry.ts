/**
 * The yup schemas of POST /api/enquiries/send
 * (docs/product-rules.md "Contact enquiry and service request"): the contact-us enquiry and the
 * customer-support service request, built from the limits and messages in ../domain/enquiry.ts.
 */
import { boolean, mixed, object, type InferType } from 'yup';
import { text } from './text';
import { ENQUIRY_LIMITS, ENQUIRY_MESSAGES, URGENCIES, type Urgency } from '../domain/enquiry';
import { FIELD_LIMITS, UK_PHONE_PATTERN, phoneLength } from '../domain/quote';

/** One line of printable text: nothing typed can break a mail header or a log line. */
const SINGLE_LINE = /^[^\u0000-\u001f\u007f]*$/;
/** Multi-line text: line breaks and tabs allowed, other control characters not. */
const MULTI_LINE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

const personName = text()
  .trim()
  .required(ENQUIRY_MESSAGES.name)
  .min(FIELD_LIMITS.nameMin, ENQUIRY_MESSAGES.name)
  .max(ENQUIRY_LIMITS.nameMax, ENQUIRY_MESSAGES.name)
  .matches(SINGLE_LINE, ENQUIRY_MESSAGES.name);

const email = text()
  .trim()
  .required(ENQUIRY_MESSAGES.email)
  .max(FIELD_LIMITS.emailMax, ENQUIRY_MESSAGES.email)
  .email(ENQUIRY_MESSAGES.email)
  .matches(/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, ENQUIRY_MESSAGES.email);

const ukPhone = text()
  .trim()
  .matches(UK_PHONE_PATTERN, { message: ENQUIRY_MESSAGES.phone, excludeEmptyString: true })
  .test('phone-length', ENQUIRY_MESSAGES.phone, (value) => {
    if (!value) return true;
    const length = phoneLength(value);
    return length >= FIELD_LIMITS.phoneMin && length <= FIELD_LIMITS.phoneMax;
  });

const company = text().trim().max(ENQUIRY_LIMITS.companyMax, ENQUIRY_MESSAGES.company).matches(SINGLE_LINE, ENQUIRY_MESSAGES.company);

const longText = (short: string, long: string) =>
  text().trim().required(short).min(ENQUIRY_LIMITS.textMin, short).max(ENQUIRY_LIMITS.textMax, long).matches(MULTI_LINE, short);

/** Contact-us: a general enquiry. */
export const enquirySchema = object({
  kind: mixed<'enquiry'>()
    .oneOf(['enquiry'] as const, ENQUIRY_MESSAGES.kind)
    .required(ENQUIRY_MESSAGES.kind),
  name: personName,
  email,
  phone: ukPhone.optional(),
  company: company.optional(),
  message: longText(ENQUIRY_MESSAGES.messageShort, ENQUIRY_MESSAGES.messageLong),
  /** e.g. agreement to be contacted about offers; optional */
  consent: boolean().typeError(ENQUIRY_MESSAGES.consent).optional(),
}).noUnknown(true);

/** Customer support: a service request for a machine. */
export const serviceRequestSchema = object({
  kind: mixed<'service-request'>()
    .oneOf(['service-request'] as const, ENQUIRY_MESSAGES.kind)
    .required(ENQUIRY_MESSAGES.kind),
  name: personName,
  email,
  phone: ukPhone.required(ENQUIRY_MESSAGES.phone),
  company: company.required(ENQUIRY_MESSAGES.company).min(2, ENQUIRY_MESSAGES.company),
  machine: text()
    .trim()
    .required(ENQUIRY_MESSAGES.machine)
    .min(2, ENQUIRY_MESSAGES.machine)
    .max(ENQUIRY_LIMITS.machineMax, ENQUIRY_MESSAGES.machine)
    .matches(SINGLE_LINE, ENQUIRY_MESSAGES.machine),
  serialNumber: text()
    .trim()
    .required(ENQUIRY_MESSAGES.serialNumber)
    .matches(/^[A-Za-z0-9][A-Za-z0-9 ./-]{2,39}$/, ENQUIRY_MESSAGES.serialNumber),
  fault: longText(ENQUIRY_MESSAGES.faultShort, ENQUIRY_MESSAGES.faultLong),
  urgency: mixed<Urgency>().oneOf(URGENCIES, ENQUIRY_MESSAGES.urgency).required(ENQUIRY_MESSAGES.urgency),
}).noUnknown(true);

export type EnquiryRequest = InferType<typeof enquirySchema>;
export type ServiceRequest = InferType<typeof serviceRequestSchema>;
export type EnquiriesSendRequest = EnquiryRequest | ServiceRequest;

/** The schema for a request body, chosen by its kind (null when the kind is missing or unknown). */
export function enquirySchemaFor(body: unknown): typeof enquirySchema | typeof serviceRequestSchema | null {
  const kind = typeof body === 'object' && body !== null ? (body as { kind?: unknown }).kind : undefined;
  if (kind === 'enquiry') return enquirySchema;
  if (kind === 'service-request') return serviceRequestSchema;
  return null;
}
