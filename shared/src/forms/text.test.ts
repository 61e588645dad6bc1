import type { AnySchema, SchemaDescription } from 'yup';
import { fieldErrorsOf } from '../domain/quote';
import { enquirySchema, serviceRequestSchema } from './enquiry';
import { newsletterSchema } from './newsletter';
import { quoteRequestSchema } from './quote';
import { savingsAnswersSchema } from './savings';
import { TEXT_MESSAGES, hasEncodedWord, hasLoneSurrogate } from './text';

const CONTACT = { firstName: 'Jo', lastName: 'Bloggs', email: 'jo@example.co.uk', phoneNumber: '0116 496 0123', postcode: 'LE19 1WX' };
const SCHEMAS: Array<[string, AnySchema, Record<string, unknown>]> = [
  [
    'quote',
    quoteRequestSchema,
    { productIds: ['ricohimc3010'], contactDetails: CONTACT, eventType: 'QUOTE', utm: { utm_source: 'google' } },
  ],
  ['enquiry', enquirySchema, { kind: 'enquiry', name: 'Jo Bloggs', email: 'jo@example.co.uk', message: 'Please call me about a copier.' }],
  [
    'service request',
    serviceRequestSchema,
    {
      kind: 'service-request',
      name: 'Jo Bloggs',
      email: 'jo@example.co.uk',
      phone: '0116 496 0123',
      company: 'Bloggs Ltd',
      machine: 'Ricoh IM C3010',
      serialNumber: 'XKR-01234',
      fault: 'Paper jams in tray 2.',
      urgency: 'high',
    },
  ],
  ['newsletter', newsletterSchema, { email: 'jo@example.co.uk', first_name: 'Jo' }],
  ['savings', savingsAnswersSchema, { otherChargesPricePerPeriod: [{ name: 'Paper', value: 100, periodInMonths: 1 }] }],
];

type Description = SchemaDescription & { fields?: Record<string, Description>; innerType?: Description };

/** Every string field of a schema, as [path, setter] pairs; found from the schema itself, so a new field is covered. */
function stringFields(description: Description, path: string[] = []): string[][] {
  if (description.type === 'string') return [path];
  if (description.type === 'object')
    return Object.entries(description.fields ?? {}).flatMap(([key, field]) => stringFields(field, [...path, key]));
  if (description.type === 'array' && description.innerType) return stringFields(description.innerType, [...path, '0']);
  return [];
}

function withValue(base: unknown, path: string[], value: string): unknown {
  if (!path.length) return value;
  const [head, ...rest] = path as [string, ...string[]];
  if (/^\d+$/.test(head)) {
    const list = Array.isArray(base) ? [...(base as unknown[])] : [];
    list[Number(head)] = withValue(list[Number(head)], rest, value);
    return list;
  }
  const object = typeof base === 'object' && base !== null ? { ...(base as Record<string, unknown>) } : {};
  object[head] = withValue(object[head], rest, value);
  return object;
}

const yupPath = (path: string[]) => path.map((part, i) => (/^\d+$/.test(part) ? `[${part}]` : i ? `.${part}` : part)).join('');

function errorsOf(schema: AnySchema, value: unknown): Record<string, string> {
  try {
    schema.validateSync(value, { abortEarly: false });
    return {};
  } catch (error) {
    return fieldErrorsOf(error);
  }
}

describe('text fields refuse MIME encoded words and unpaired surrogates', () => {
  it.each([
    ['=?utf-8?Q?Jo=20Bloggs?=', true],
    ['=?UTF-8?B?Sm8gQmxvZ2dz?=', true],
    ['Jo =?iso-8859-1*en?q?Bl=F6ggs?= here', true],
    ['=?utf-8?x?nope?=', false],
    ['Jo = ? Bloggs ?=', false],
    ['a=?b', false],
  ])('%s is an encoded word: %s', (value, expected) => {
    expect(hasEncodedWord(value)).toBe(expected);
  });
  it.each([
    ['\uD800', true],
    ['Jo\uDC00', true],
    ['\uDBFF\uDBFF\uDC00', true],
    ['Jo \uD83D\uDE00 Bloggs', false],
    ['Zoë Ødegård 李', false],
  ])('%j has a lone surrogate: %s', (value, expected) => {
    expect(hasLoneSurrogate(value)).toBe(expected);
  });

  const cases = SCHEMAS.flatMap(([name, schema, base]) =>
    stringFields(schema.describe() as Description).map((path) => [name, yupPath(path), schema, base, path] as const),
  );
  it('finds the text fields of every schema', () => {
    const paths = cases.map(([name, path]) => `${name}: ${path}`);
    expect(paths).toEqual(
      expect.arrayContaining([
        'quote: contactDetails.firstName',
        'quote: productIds[0]',
        'quote: utm.utm_source',
        'enquiry: message',
        'service request: serialNumber',
        'newsletter: first_name',
        'newsletter: return',
        'savings: otherChargesPricePerPeriod[0].name',
      ]),
    );
    expect(paths.length).toBeGreaterThanOrEqual(25);
  });
  it.each(cases)('%s %s', (_name, fieldPath, schema, base, path) => {
    expect(errorsOf(schema, withValue(base, path, 'Jo\uD800'))[fieldPath]).toBe(TEXT_MESSAGES.loneSurrogate);
    expect(errorsOf(schema, withValue(base, path, '=?utf-8?B?Sm8=?='))[fieldPath]).toBe(TEXT_MESSAGES.encodedWord);
    expect(errorsOf(schema, withValue(base, path, 'x =?UTF-8?q?=0D=0ABcc:_x@y.z?= y'))[fieldPath]).toBe(TEXT_MESSAGES.encodedWord);
  });
  it('still accepts emoji and accented names', () => {
    expect(errorsOf(newsletterSchema, { email: 'zoe@example.co.uk', first_name: 'Zoë 😀' })).toEqual({});
    expect(errorsOf(quoteRequestSchema, { ...SCHEMAS[0]![2], contactDetails: { ...CONTACT, lastName: 'Ødegård-Smith' } })).toEqual({});
  });
});
