/**
 * POST /api/enquiries/send (SPEC.md section 7): the contact-us enquiry and the customer-support
 * service request. The content remote's forms validate with these schemas and the server
 * validates every request with the same ones, so the messages a visitor sees are the same on
 * both sides.
 */
import { boolean, mixed, object, string, type InferType } from 'yup';
import { FIELD_LIMITS, QUOTE_MESSAGES, UK_PHONE_PATTERN, phoneLength } from './quote';

export const ENQUIRY_KINDS = ['enquiry', 'service-request'] as const;
export type EnquiryKind = (typeof ENQUIRY_KINDS)[number];

export const URGENCIES = ['low', 'normal', 'high', 'machine-down'] as const;
export type Urgency = (typeof URGENCIES)[number];
export const URGENCY_LABELS: Record<Urgency, string> = {
  low: 'Low: when convenient',
  normal: 'Normal: within a few working days',
  high: 'High: it is slowing us down',
  'machine-down': 'Machine down: we cannot print',
};

export const ENQUIRY_LIMITS = { nameMax: 100, companyMax: 100, machineMax: 100, serialMax: 40, textMin: 10, textMax: 2000 } as const;

export const ENQUIRY_MESSAGES = {
  kind: 'Please choose what you would like to send.',
  name: 'Please enter your name.',
  email: QUOTE_MESSAGES.email,
  phone: QUOTE_MESSAGES.phoneNumber,
  company: 'Please enter your company name (up to 100 characters).',
  messageShort: 'Please tell us a little more (at least 10 characters).',
  messageLong: 'Please keep your message to 2,000 characters or fewer.',
  machine: 'Please tell us the make and model of the machine, e.g. Canon imageRUNNER C5840i.',
  serialNumber: 'Please enter the serial number from the label on the machine (letters and numbers).',
  faultShort: 'Please describe the fault in a little more detail (at least 10 characters).',
  faultLong: 'Please keep the description to 2,000 characters or fewer.',
  urgency: 'Please choose how urgent this is.',
  consent: 'Please answer yes or no.',
} as const;

/** One line of printable text: nothing typed can break a mail header or a log line. */
const SINGLE_LINE = /^[^\u0000-\u001f\u007f]*$/;
/** Multi-line text: line breaks and tabs allowed, other control characters not. */
const MULTI_LINE = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;

const personName = string()
  .trim()
  .required(ENQUIRY_MESSAGES.name)
  .min(FIELD_LIMITS.nameMin, ENQUIRY_MESSAGES.name)
  .max(ENQUIRY_LIMITS.nameMax, ENQUIRY_MESSAGES.name)
  .matches(SINGLE_LINE, ENQUIRY_MESSAGES.name);

const email = string()
  .trim()
  .required(ENQUIRY_MESSAGES.email)
  .max(FIELD_LIMITS.emailMax, ENQUIRY_MESSAGES.email)
  .email(ENQUIRY_MESSAGES.email)
  .matches(/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, ENQUIRY_MESSAGES.email);

const ukPhone = string()
  .trim()
  .matches(UK_PHONE_PATTERN, { message: ENQUIRY_MESSAGES.phone, excludeEmptyString: true })
  .test('phone-length', ENQUIRY_MESSAGES.phone, (value) => {
    if (!value) return true;
    const length = phoneLength(value);
    return length >= FIELD_LIMITS.phoneMin && length <= FIELD_LIMITS.phoneMax;
  });

const company = string().trim().max(ENQUIRY_LIMITS.companyMax, ENQUIRY_MESSAGES.company).matches(SINGLE_LINE, ENQUIRY_MESSAGES.company);

const longText = (short: string, long: string) =>
  string()
    .trim()
    .required(short)
    .min(ENQUIRY_LIMITS.textMin, short)
    .max(ENQUIRY_LIMITS.textMax, long)
    .matches(MULTI_LINE, short);

/** Contact-us: a general enquiry. */
export const enquirySchema = object({
  kind: mixed<'enquiry'>().oneOf(['enquiry'] as const, ENQUIRY_MESSAGES.kind).required(ENQUIRY_MESSAGES.kind),
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
  kind: mixed<'service-request'>().oneOf(['service-request'] as const, ENQUIRY_MESSAGES.kind).required(ENQUIRY_MESSAGES.kind),
  name: personName,
  email,
  phone: ukPhone.required(ENQUIRY_MESSAGES.phone),
  company: company.required(ENQUIRY_MESSAGES.company).min(2, ENQUIRY_MESSAGES.company),
  machine: string()
    .trim()
    .required(ENQUIRY_MESSAGES.machine)
    .min(2, ENQUIRY_MESSAGES.machine)
    .max(ENQUIRY_LIMITS.machineMax, ENQUIRY_MESSAGES.machine)
    .matches(SINGLE_LINE, ENQUIRY_MESSAGES.machine),
  serialNumber: string()
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
