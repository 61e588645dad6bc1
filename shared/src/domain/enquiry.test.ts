/**
 * The contact enquiry and the service request (docs/product-rules.md "Contact enquiry and service
 * request"): the kinds and urgencies the server takes, the limits, and the words a visitor sees.
 */
import { ValidationError } from 'yup';
import { enquirySchema, serviceRequestSchema } from '../forms/enquiry';
import { ENQUIRY_KINDS, ENQUIRY_LIMITS, URGENCIES } from './enquiry';

function errors(schema: typeof enquirySchema | typeof serviceRequestSchema, value: Record<string, unknown>): Record<string, string> {
  try {
    schema.validateSync(value, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return Object.fromEntries(error.inner.map((inner) => [inner.path ?? '', inner.message]));
  }
}

const request = {
  kind: 'service-request',
  name: 'Jo Bloggs',
  email: 'jo@example.co.uk',
  phone: '0116 496 0123',
  company: 'Bloggs Ltd',
  machine: 'Canon imageRUNNER ADVANCE DX C5840i',
  serialNumber: 'XKR-01234',
  fault: 'Paper jams in tray 2 every few pages.',
  urgency: 'high',
};

it('has two kinds and three urgencies, one per response standard, as the form and the server name them', () => {
  expect(ENQUIRY_KINDS).toEqual(['enquiry', 'service-request']);
  expect(URGENCIES).toEqual(['normal', 'high', 'machine-down']);
  for (const urgency of URGENCIES) expect(errors(serviceRequestSchema, { ...request, urgency })).toEqual({});
});

it('says what is missing from a service request, in words a visitor reads', () => {
  expect(errors(serviceRequestSchema, { kind: 'service-request' })).toEqual({
    name: 'Please enter your name.',
    email: 'Please enter your email address.',
    phone: 'Please enter a valid phone number.',
    company: 'Please enter your company name (up to 100 characters).',
    machine: 'Please tell us the make and model of the machine, e.g. Canon imageRUNNER C5840i.',
    serialNumber: 'Please enter the serial number from the label on the machine (letters and numbers).',
    fault: 'Please describe the fault in a little more detail (at least 10 characters).',
    urgency: 'Please choose how urgent this is.',
  });
  expect(errors(serviceRequestSchema, { ...request, kind: 'enquiry' })).toEqual({ kind: 'Please choose what you would like to send.' });
});

it('holds each field to its limit', () => {
  expect(ENQUIRY_LIMITS).toEqual({ nameMax: 100, companyMax: 100, machineMax: 100, serialMax: 40, textMin: 10, textMax: 2000 });
  expect(errors(serviceRequestSchema, { ...request, fault: 'x'.repeat(2000), serialNumber: 'X'.repeat(40) })).toEqual({});
  expect(errors(serviceRequestSchema, { ...request, fault: 'x'.repeat(2001) })).toEqual({
    fault: 'Please keep the description to 2,000 characters or fewer.',
  });
  const enquiry = { kind: 'enquiry', name: 'Jo Bloggs', email: 'jo@example.co.uk', message: 'Please call me.' };
  expect(errors(enquirySchema, { ...enquiry, message: 'x'.repeat(2001) })).toEqual({
    message: 'Please keep your message to 2,000 characters or fewer.',
  });
  expect(errors(enquirySchema, { ...enquiry, consent: 'maybe' })).toEqual({ consent: 'Please answer yes or no.' });
  expect(errors(enquirySchema, { ...enquiry, message: 'Call me.' })).toEqual({
    message: 'Please tell us a little more (at least 10 characters).',
  });
});
