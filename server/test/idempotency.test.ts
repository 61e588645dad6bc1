/**
 * The Idempotency-Key of writes (src/writes/idempotency.ts): a retry is the same request however
 * its client orders the JSON keys, and a different request under the same key is refused. Tried
 * through POST /api/quote as the basket sends it, and on the request hash the key stores.
 */
import type { FastifyInstance } from 'fastify';
import { requestHash } from '../src/writes/idempotency';
import { C5840I, CONTACT, quoteBody, testApp, testConfig } from './helpers';

/** The same object with its keys, at every depth, in reverse order (arrays keep their order). */
function reversedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversedKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .reverse()
        .map((key) => [key, reversedKeys((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

describe('an idempotent retry whose JSON keys come in another order', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp(testConfig({ rateLimits: { quotePerMinute: 100, formsPerMinute: 100 } }));
  });
  afterAll(() => app.close());

  const post = (payload: string, key: string) =>
    app.inject({ method: 'POST', url: '/api/quote', payload, headers: { 'content-type': 'application/json', 'idempotency-key': key } });
  const quotes = () => app.db.selectFrom('quotes').select('reference').execute();

  it('is answered with the first answer, and stores nothing new', async () => {
    const body = quoteBody([C5840I]);
    const first = await post(JSON.stringify(body), 'reordered-retry-0001');
    expect(first.statusCode).toBe(201);
    const before = await quotes();

    const retryText = JSON.stringify(reversedKeys(body));
    expect(retryText).not.toBe(JSON.stringify(body));
    const retry = await post(retryText, 'reordered-retry-0001');
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await quotes()).toEqual(before);
  });

  it('still refuses another request under the same key (422), in any key order', async () => {
    const body = quoteBody([C5840I]);
    expect((await post(JSON.stringify(body), 'reordered-retry-0002')).statusCode).toBe(201);
    const other = reversedKeys(quoteBody([C5840I], { ...CONTACT, postcode: 'SW1A 1AA' }));
    const res = await post(JSON.stringify(other), 'reordered-retry-0002');
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('This Idempotency-Key was already used for a different request. Send a new key with a new request.');
  });
});

describe('the request hash', () => {
  it('is the same for the same values in any key order, at any depth', () => {
    expect(requestHash({ a: 1, b: { c: [1, { d: 2, e: 3 }], f: null } })).toBe(
      requestHash({ b: { f: null, c: [1, { e: 3, d: 2 }] }, a: 1 }),
    );
  });
  it('differs when a value, an array’s order or the nesting differs', () => {
    const hash = requestHash({ a: 1, b: [1, 2] });
    expect(requestHash({ a: 2, b: [1, 2] })).not.toBe(hash);
    expect(requestHash({ a: 1, b: [2, 1] })).not.toBe(hash);
    expect(requestHash({ a: 1, b: { 0: 1, 1: 2 } })).not.toBe(hash);
    expect(requestHash({ a: '1', b: [1, 2] })).not.toBe(hash);
  });
});
