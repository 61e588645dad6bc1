import { contactDetailsSchema, quoteRequestSchema } from './quote';
import { QUOTE_MESSAGES, UK_PHONE_PATTERN, UK_POSTCODE_PATTERN, phoneLength, fieldErrorsOf } from '../domain/quote';

const valid = { firstName: 'Jo', lastName: 'Bloggs', email: 'jo@example.co.uk', phoneNumber: '0116 496 0123', postcode: 'LE19 1WX' };

function errorFor(field: keyof typeof valid, value: string): string | null {
  try {
    contactDetailsSchema.validateSyncAt(field, { ...valid, [field]: value });
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

describe('UK phone numbers', () => {
  it.each([
    '0116 496 0123',
    '01164960123',
    '+44 116 496 0123',
    '+441164960123',
    '07700 900123',
    '(0116) 496 0123',
    '020 7946 0018',
    '0330 058 0590',
    '0116 496 0123 x123',
    '0116 496 0123 ext 1234',
    '01164960123#1234',
  ])('accepts %s', (phone) => {
    expect(errorFor('phoneNumber', phone)).toBeNull();
  });
  it.each([
    ['empty', ''],
    ['too short', '0116 496'],
    ['letters', '0116 ABC 0123'],
    ['US number', '+1 212 555 0100'],
    ['extension of 5 digits', '0116 496 0123 x12345'],
    ['extension of 2 digits', '0116 496 0123 x12'],
    ['no leading 0 or +44', '1164960123'],
    ['newline injection', '0116 496 0123\nBcc: x@y.z'],
  ])('rejects %s', (_label, phone) => {
    expect(errorFor('phoneNumber', phone)).toBe(QUOTE_MESSAGES.phoneNumber);
  });
  it('counts dialled characters for the length rule', () => {
    expect(phoneLength('+44 (0)116 496-0123')).toBe(14);
    expect(UK_PHONE_PATTERN.test('07700900123')).toBe(true);
  });
});

describe('UK postcodes', () => {
  it.each(['LE19 1WX', 'le191wx', 'SW1A 1AA', 'M1 1AE', 'B33 8TH', 'CR2 6XH', 'DN55 1PT', 'W1A 0AX', 'EC1A 1BB', 'GIR 0AA'])(
    'accepts %s',
    (pc) => {
      expect(errorFor('postcode', pc)).toBeNull();
    },
  );
  it.each(['', 'LE19', '12345', 'QQ1 1AA', 'LE19 1WXX', 'LE19  1WX X', 'SW1A 1AAA'])('rejects "%s"', (pc) => {
    expect(errorFor('postcode', pc)).toBe(QUOTE_MESSAGES.postcode);
  });
  it('has at most 8 characters', () => {
    expect(UK_POSTCODE_PATTERN.test('EC1A 1BB')).toBe(true);
  });
});

describe('names and e-mail', () => {
  it.each([
    ['firstName', 'J', QUOTE_MESSAGES.firstName],
    ['firstName', 'x'.repeat(51), QUOTE_MESSAGES.firstName],
    ['firstName', '  ', QUOTE_MESSAGES.firstName],
    ['lastName', '', QUOTE_MESSAGES.lastName],
    ['lastName', 'Smith\r\nBcc: a@b.c', QUOTE_MESSAGES.lastName],
    ['email', 'not-an-email', QUOTE_MESSAGES.email],
    ['email', 'jo@example', QUOTE_MESSAGES.email],
    ['email', `${'a'.repeat(250)}@example.com`, QUOTE_MESSAGES.email],
    ['email', '', QUOTE_MESSAGES.email],
  ] as const)('%s "%s" gives its message', (field, value, message) => {
    expect(errorFor(field, value)).toBe(message);
  });
  it('accepts names of 2 and 50 characters', () => {
    expect(errorFor('firstName', 'Al')).toBeNull();
    expect(errorFor('lastName', 'y'.repeat(50))).toBeNull();
  });
});

describe('quote request', () => {
  const request = { productIds: ['canonimagerunneradvancedxc5840i'], contactDetails: valid, eventType: 'QUOTE', utm: {} };
  it('accepts a valid request', () => {
    expect(quoteRequestSchema.isValidSync(request)).toBe(true);
  });
  it('rejects no products, six products, duplicates and a bad event type', () => {
    const errors = (value: unknown) => {
      try {
        quoteRequestSchema.validateSync(value, { abortEarly: false });
        return {};
      } catch (e) {
        return fieldErrorsOf(e);
      }
    };
    expect(errors({ ...request, productIds: [] }).productIds).toBe('Choose at least one product.');
    expect(errors({ ...request, productIds: ['a', 'b', 'c', 'd', 'e', 'f'] }).productIds).toMatch(/up to 5/);
    expect(errors({ ...request, productIds: ['a', 'a'] }).productIds).toBe('Each product can be included once.');
    expect(errors({ ...request, eventType: 'SPAM' }).eventType).toBeDefined();
    expect(errors({ ...request, contactDetails: { ...valid, email: 'x' } })['contactDetails.email']).toBe(QUOTE_MESSAGES.email);
  });
});
