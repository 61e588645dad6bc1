/**
 * The UK telephone rule (UK_PHONE_PATTERN and phoneLength, docs/product-rules.md "Quote form"), form
 * by form: every way of writing the country code, every grouping of the digits, each separator,
 * each kind of extension, and what lies just outside each. The form's own tests
 * (../forms/quote.test.ts) try numbers through the schema.
 */
import { FIELD_LIMITS, UK_PHONE_PATTERN, phoneLength } from './quote';

const accepts = (phone: string) => UK_PHONE_PATTERN.test(phone);
const accepted = (phones: string[]) => phones.filter((phone) => !accepts(phone));
const refused = (phones: string[]) => phones.filter(accepts);

describe('UK telephone numbers', () => {
  it('take the national 0 or the country code written as +44, 0044, 011 44 or (+44), with or without (0)', () => {
    expect(
      accepted([
        '0116 496 0123',
        '(0116) 496 0123',
        '+44 116 496 0123',
        '+44116 496 0123',
        '+44 (0)116 496 0123',
        '+44 (0) 116 496 0123',
        '+44 0116 496 0123',
        '+44(0)1164960123',
        '0044 116 496 0123',
        '00441164960123',
        '(0044) 116 496 0123',
        '(0044)1164960123',
        '011 44 116 496 0123',
        '01144 116 496 0123',
        '(+44) 116 496 0123',
        '(+44)-116-496-0123',
        '+44-116-496-0123',
      ]),
    ).toEqual([]);
    expect(
      refused([
        '44 116 496 0123',
        '++44 116 496 0123',
        '0045 116 496 0123',
        '001 44 116 496 0123',
        '+45 116 496 0123',
        '+4 116 496 0123',
        '(+44 116 496 0123)',
      ]),
    ).toEqual([]);
  });

  it('take each grouping of the digits after the 0: 2-4-4, 3-3-4 or 3-3-3, 4-5, 4-6 or 4-3-3, 5-4 or 5-5', () => {
    expect(
      accepted([
        '020 7946 0018',
        '(020) 7946 0018',
        '020-7946-0018',
        '02079460018',
        '0116 496 0123',
        '0116-496-0123',
        '(0116)496 0123',
        '0116 496 012',
        '07700 900123',
        '07700 90012',
        '07700 900 123',
        '07700-900-123',
        '(07700) 900123',
        '(07700)900123',
        '(020)79460018',
        '(016977)2345',
        '(0116)4960123',
        '016977 2345',
        '016977 23456',
        '(016977) 23456',
        '016977-2345',
      ]),
    ).toEqual([]);
    expect(
      refused([
        '020 7946 001',
        '020 7946 00181',
        '020 794 0018',
        '0116 496 01234',
        '0116 49 0123',
        '07700 9001234',
        '016977 234',
        '016977 234567',
        '0116  496 0123',
        '0116 496  0123',
        '0116.496.0123',
        '0116 496 O123',
        '116 496 0123',
      ]),
    ).toEqual([]);
  });

  it('take an extension of 3 or 4 digits after x, ext, ext. or #, in any case, with one space or none', () => {
    expect(
      accepted([
        '0116 496 0123 x123',
        '0116 496 0123x1234',
        '0116 496 0123 X 123',
        '0116 496 0123-x123',
        '0116 496 0123 ext 1234',
        '0116 496 0123 ext. 123',
        '0116 496 0123 EXT.123',
        '0116 496 0123 Ext1234',
        '0116 496 0123 #123',
        '01164960123#1234',
      ]),
    ).toEqual([]);
    expect(
      refused([
        '0116 496 0123 x12',
        '0116 496 0123 x12345',
        '0116 496 0123 ext',
        '0116 496 0123 ext  123',
        '0116 496 0123  x123',
        '0116 496 0123 extn 123',
        '0116 496 0123 ext.. 123',
        '0116 496 0123 y123',
        '0116 496 0123 x abc',
        'x123',
      ]),
    ).toEqual([]);
  });

  it('are 10 to 15 dialled characters, counting the digits and a leading +', () => {
    expect(FIELD_LIMITS).toMatchObject({ phoneMin: 10, phoneMax: 15 });
    expect(phoneLength('0116 496 0123')).toBe(11);
    expect(phoneLength('+44 (0)116 496-0123')).toBe(14);
    expect(phoneLength('0116 496 0123 ext. 1234')).toBe(15);
    expect(phoneLength('(0044) 116 496 0123')).toBe(14);
    expect(phoneLength('')).toBe(0);
  });
});
