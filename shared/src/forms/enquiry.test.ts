import { ENQUIRY_MESSAGES } from '../domain/enquiry';
import { NEWSLETTER_MESSAGES } from '../domain/newsletter';
import { fieldErrorsOf } from '../domain/quote';
import { enquirySchema, enquirySchemaFor, serviceRequestSchema } from './enquiry';
import { newsletterSchema } from './newsletter';

function errorsOf(schema: { validateSync: (v: unknown, o: object) => unknown }, value: unknown): Record<string, string> {
  try {
    schema.validateSync(value, { abortEarly: false });
    return {};
  } catch (e) {
    return fieldErrorsOf(e);
  }
}

const enquiry = { kind: 'enquiry', name: 'Jo Bloggs', email: 'jo@example.co.uk', message: 'Please call me about an A3 colour copier.' };
const serviceRequest = {
  kind: 'service-request',
  name: 'Jo Bloggs',
  email: 'jo@example.co.uk',
  phone: '0116 496 0123',
  company: 'Bloggs Ltd',
  machine: 'Canon imageRUNNER ADVANCE DX C5840i',
  serialNumber: 'XKR-01234',
  fault: 'Paper jams in tray 2 on every job.',
  urgency: 'high',
};

describe('contact-us enquiry', () => {
  it('accepts a minimal enquiry, and optional phone, company and consent', () => {
    expect(errorsOf(enquirySchema, enquiry)).toEqual({});
    expect(errorsOf(enquirySchema, { ...enquiry, phone: '+44 116 496 0123', company: 'Bloggs Ltd', consent: true })).toEqual({});
  });
  it.each([
    ['name', { name: 'J' }, ENQUIRY_MESSAGES.name],
    ['name', { name: 'Jo\r\nBcc: x@y.z' }, ENQUIRY_MESSAGES.name],
    ['email', { email: 'jo@' }, ENQUIRY_MESSAGES.email],
    ['phone', { phone: '12345' }, ENQUIRY_MESSAGES.phone],
    ['message', { message: 'Too short' }, ENQUIRY_MESSAGES.messageShort],
    ['message', { message: 'x'.repeat(2001) }, ENQUIRY_MESSAGES.messageLong],
  ])('%s gets its message', (field, change, message) => {
    expect(errorsOf(enquirySchema, { ...enquiry, ...change })[field]).toBe(message);
  });
  it('allows line breaks in the message', () => {
    expect(errorsOf(enquirySchema, { ...enquiry, message: 'Line one\r\nLine two\n\tindented' })).toEqual({});
  });
});

describe('service request', () => {
  it('accepts a complete request', () => {
    expect(errorsOf(serviceRequestSchema, serviceRequest)).toEqual({});
  });
  it('requires phone, company, machine, serial number, fault and urgency', () => {
    const errors = errorsOf(serviceRequestSchema, { kind: 'service-request', name: 'Jo Bloggs', email: 'jo@example.co.uk' });
    expect(errors).toMatchObject({
      phone: ENQUIRY_MESSAGES.phone,
      company: ENQUIRY_MESSAGES.company,
      machine: ENQUIRY_MESSAGES.machine,
      serialNumber: ENQUIRY_MESSAGES.serialNumber,
      fault: ENQUIRY_MESSAGES.faultShort,
      urgency: ENQUIRY_MESSAGES.urgency,
    });
  });
  it('rejects an unknown urgency', () => {
    expect(errorsOf(serviceRequestSchema, { ...serviceRequest, urgency: 'yesterday' }).urgency).toBe(ENQUIRY_MESSAGES.urgency);
  });
  it('picks the schema by kind', () => {
    expect(enquirySchemaFor(enquiry)).toBe(enquirySchema);
    expect(enquirySchemaFor(serviceRequest)).toBe(serviceRequestSchema);
    expect(enquirySchemaFor({ kind: 'other' })).toBeNull();
    expect(enquirySchemaFor('garbage')).toBeNull();
  });
});

describe('newsletter', () => {
  it('requires the e-mail with the exact message, and checks its format', () => {
    expect(errorsOf(newsletterSchema, {}).email).toBe(NEWSLETTER_MESSAGES.emailRequired);
    expect(errorsOf(newsletterSchema, { email: 'nope' }).email).toBe(NEWSLETTER_MESSAGES.emailFormat);
    expect(errorsOf(newsletterSchema, { email: 'jo@example.co.uk', first_name: 'Jo' })).toEqual({});
    expect(errorsOf(newsletterSchema, { email: 'jo@example.co.uk', first_name: 'x'.repeat(51) }).first_name).toBe(
      NEWSLETTER_MESSAGES.firstName,
    );
  });
});
