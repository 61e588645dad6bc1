/**
 * The quote form's limits at their edges (../domain/quote.ts, docs/product-rules.md "Quote form"):
 * the last value each limit accepts and the first it refuses, the product ids a request may name,
 * and how validation errors become field errors.
 */
import { ValidationError } from 'yup';
import { contactDetailsSchema, quoteRequestSchema } from './quote';
import { CONTACT_FIELDS, FIELD_LIMITS, MAX_QUOTE_PRODUCTS, MODEL_ID_PATTERN, QUOTE_MESSAGES, fieldErrorsOf } from '../domain/quote';

const valid = { firstName: 'Jo', lastName: 'Bloggs', email: 'jo@example.co.uk', phoneNumber: '0116 496 0123', postcode: 'LE19 1WX' };

function errorFor(field: keyof typeof valid, value: string): string | null {
  try {
    contactDetailsSchema.validateSyncAt(field, { ...valid, [field]: value });
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

describe('the limits at their edges', () => {
  it('takes an e-mail address of 254 characters, not 255', () => {
    const address = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;
    expect(FIELD_LIMITS.emailMax).toBe(254);
    expect(errorFor('email', address(254))).toBeNull();
    expect(errorFor('email', address(255))).toBe(QUOTE_MESSAGES.email);
  });

  it('takes 10 to 15 dialled characters of a telephone number', () => {
    expect(errorFor('phoneNumber', '016977 2345')).toBeNull(); // 10
    expect(errorFor('phoneNumber', '0116 496 0123 ext 1234')).toBeNull(); // 15
    expect(errorFor('phoneNumber', '+44 (0)116 496 0123 x1234')).toBe(QUOTE_MESSAGES.phoneNumber); // 18
    expect(errorFor('phoneNumber', '020 794 001')).toBe(QUOTE_MESSAGES.phoneNumber); // 9, and no grouping takes it
  });

  it('takes a postcode of 8 characters, not 9, and trims it first', () => {
    expect(errorFor('postcode', 'EC1A 1BB')).toBeNull();
    expect(errorFor('postcode', '  EC1A 1BB  ')).toBeNull();
    expect(errorFor('postcode', 'EC1A  1BB')).toBe(QUOTE_MESSAGES.postcode);
  });

  it('asks for the contact fields in the form’s order', () => {
    expect(CONTACT_FIELDS).toEqual(['firstName', 'lastName', 'email', 'phoneNumber', 'postcode']);
  });
});

describe('the products a quote names', () => {
  const request = (productIds: string[]) => ({ productIds, contactDetails: valid, eventType: 'QUOTE', utm: {} });

  it('are model ids: lower-case letters, digits, +, _ and brackets, 1 to 120 of them', () => {
    for (const id of ['canonimagerunneradvancedxc5840i', 'hp+laserjet_(m404)', 'a', 'x'.repeat(120)])
      expect([id, MODEL_ID_PATTERN.test(id)]).toEqual([id, true]);
    for (const id of ['', 'x'.repeat(121), 'Canon', 'a b', 'a-b', 'a/b', 'a.b', '../etc'])
      expect([id, MODEL_ID_PATTERN.test(id)]).toEqual([id, false]);
    expect(quoteRequestSchema.isValidSync(request(['Bad Id']))).toBe(false);
  });

  it('are at most five', () => {
    expect(MAX_QUOTE_PRODUCTS).toBe(5);
    expect(quoteRequestSchema.isValidSync(request(['a', 'b', 'c', 'd', 'e']))).toBe(true);
    expect(quoteRequestSchema.isValidSync(request(['a', 'b', 'c', 'd', 'e', 'f']))).toBe(false);
  });
});

describe('field errors', () => {
  it('keep the first message of each field, keyed by its path', () => {
    const error = new ValidationError([
      new ValidationError('First.', 'x', 'contactDetails.email'),
      new ValidationError('Second.', 'x', 'contactDetails.email'),
      new ValidationError('Other.', 'x', 'productIds'),
    ]);
    expect(fieldErrorsOf(error)).toEqual({ 'contactDetails.email': 'First.', productIds: 'Other.' });
  });

  it('take an error without inner errors, or without a path, as it is ("_")', () => {
    expect(fieldErrorsOf(new ValidationError('Only.', 'x', 'postcode'))).toEqual({ postcode: 'Only.' });
    expect(fieldErrorsOf({ message: 'Whole body.' })).toEqual({ _: 'Whole body.' });
    expect(fieldErrorsOf({ inner: [], path: '', message: 'Empty path.' })).toEqual({ _: 'Empty path.' });
  });
});
