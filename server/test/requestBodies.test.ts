/**
 * Write bodies that mean two things are refused before anything is stored: JSON naming a key twice
 * (at any depth), and text with MIME encoded words or unpaired surrogates (the shared text rules).
 */
import type { FastifyInstance } from 'fastify';
import { TEXT_MESSAGES } from '@copytech/shared/forms';
import { firstDuplicateKey } from '../src/http/jsonBody';
import { C5840I, CONTACT, quoteBody, testApp } from './helpers';

const json = { 'content-type': 'application/json' };

describe('firstDuplicateKey', () => {
  it.each([
    ['{"a":1,"a":2}', 'a'],
    ['{"a":{"b":1,"c":{"d":[{"e":1,"e":1}]}}}', 'e'],
    ['{"email":"x","\\u0065mail":"y"}', 'email'],
    ['[{"a":1},{"a":1},{"b":{"a":1}}]', null],
    ['{"a":"\\"a\\":","b":{"a":1},"c":["a","a"]}', null],
    ['{"a":{"x":1},"b":{"x":1}}', null],
    ['{"":1,"":2}', ''],
    ['{"k":"}","k":1}', 'k'],
    ['{"a\\\\":1,"a\\\\":2}', 'a\\'],
  ])('%s -> %j', (text, expected) => {
    expect(firstDuplicateKey(text)).toBe(expected);
  });
  it('walks deep nesting without recursion', () => {
    expect(firstDuplicateKey(`${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`)).toBeNull();
    expect(firstDuplicateKey(`${'['.repeat(20_000)}${']'.repeat(20_000)}`)).toBeNull();
  });
});

describe('write bodies', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(() => app.close());
  const count = async (table: 'quotes' | 'enquiries' | 'newsletter_signups' | 'outbox') =>
    Number(
      (
        await app.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const stored = async () => ({
    quotes: await count('quotes'),
    enquiries: await count('enquiries'),
    signups: await count('newsletter_signups'),
    outbox: await count('outbox'),
  });

  it('refuses JSON with a duplicate key, at any depth, with the usual error shape, and stores nothing', async () => {
    const before = await stored();
    const contact = JSON.stringify(CONTACT).slice(1, -1);
    const bodies: Array<[string, string]> = [
      ['/api/quote', `{"productIds":["${C5840I}"],"contactDetails":{${contact},"email":"other@example.com"},"eventType":"QUOTE","utm":{}}`],
      [
        '/api/quote',
        `{"productIds":["${C5840I}"],"productIds":["ricohimc2010"],"contactDetails":{${contact}},"eventType":"QUOTE","utm":{}}`,
      ],
      [
        '/api/enquiries/send',
        '{"kind":"enquiry","name":"Jo Bloggs","email":"jo@example.co.uk","email":"jo@example.org","message":"Please call me about a copier."}',
      ],
      ['/api/newsletter', '{"mauticform[email]":"jo@example.co.uk","mauticform[\\u0065mail]":"x@example.org"}'],
    ];
    for (const [url, payload] of bodies) {
      const res = await app.inject({ method: 'POST', url, payload, headers: json });
      expect([url, res.statusCode]).toEqual([url, 400]);
      expect(res.json()).toEqual({
        error: 'Bad Request',
        statusCode: 400,
        message: expect.stringMatching(/names the same field more than once/),
        fieldErrors: { _: expect.stringMatching(/names the same field more than once/) },
      });
    }
    expect(await stored()).toEqual(before);
  });

  it('still accepts the same body without the duplicate, and keeps the body limit and the prototype-poisoning refusal', async () => {
    const ok = await app.inject({ method: 'POST', url: '/api/quote', payload: JSON.stringify(quoteBody([C5840I])), headers: json });
    expect(ok.statusCode).toBe(201);
    const big = await app.inject({
      method: 'POST',
      url: '/api/quote',
      payload: JSON.stringify({ padding: 'x'.repeat(70 * 1024) }),
      headers: json,
    });
    expect(big.statusCode).toBe(413);
    for (const payload of ['{"__proto__":{"polluted":true}}', '{"constructor":{"prototype":{"polluted":true}}}', '{"a":1,}']) {
      const res = await app.inject({ method: 'POST', url: '/api/quote', payload, headers: json });
      expect([payload, res.statusCode, res.json().message]).toEqual([payload, 400, 'The request body is not valid JSON.']);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses a newsletter first name with a lone surrogate, and stores nothing', async () => {
    const before = await stored();
    const res = await app.inject({
      method: 'POST',
      url: '/api/newsletter',
      payload: '{"mauticform[email]":"zoe@example.co.uk","mauticform[first_name]":"Zo\\ud800"}',
      headers: json,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ first_name: TEXT_MESSAGES.loneSurrogate });
    expect(await stored()).toEqual(before);
  });

  it('refuses MIME encoded words in a quote and an enquiry, and stores nothing', async () => {
    const before = await stored();
    const quote = await app.inject({
      method: 'POST',
      url: '/api/quote',
      payload: quoteBody([C5840I], { ...CONTACT, firstName: '=?utf-8?B?QWRtaW4=?=' }),
      headers: json,
    });
    expect(quote.statusCode).toBe(400);
    expect(quote.json().fieldErrors).toEqual({ 'contactDetails.firstName': TEXT_MESSAGES.encodedWord });
    const enquiry = await app.inject({
      method: 'POST',
      url: '/api/enquiries/send',
      payload: {
        kind: 'enquiry',
        name: 'Jo =?UTF-8?Q?Bloggs=0D=0ABcc:_x@y.z?=',
        email: 'jo@example.co.uk',
        message: 'Please call me about a copier.',
      },
      headers: json,
    });
    expect(enquiry.statusCode).toBe(400);
    expect(enquiry.json().fieldErrors).toEqual({ name: TEXT_MESSAGES.encodedWord });
    expect(await stored()).toEqual(before);
  });
});
