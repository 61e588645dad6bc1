/**
 * POST /api/enquiries/send (docs/product-rules.md "Contact enquiry and service request"): the
 * contact-us enquiry and the customer-support service request: their kinds, urgencies, limits and
 * exact messages. The yup schemas built from them are in ../forms/enquiry.ts; the content
 * remote's forms and the server validate with the same ones, so the messages a visitor sees are
 * the same on both sides.
 */
import { QUOTE_MESSAGES } from './quote';

export const ENQUIRY_KINDS = ['enquiry', 'service-request'] as const;
export type EnquiryKind = (typeof ENQUIRY_KINDS)[number];

export const URGENCIES = ['normal', 'high', 'machine-down'] as const;
export type Urgency = (typeof URGENCIES)[number];
// Each urgency's words and the response standard it is answered by are commercial terms
// (server/data/terms.json, `urgencyLabel` in ./terms), so the form, the e-mails and the pages agree. There
// is one urgency per response standard: a "low" one answered as a routine request promised nothing of its own.

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
