import { IDEMPOTENCY_KEY_HEADER } from '../domain/api';
import { formWriter, idempotencyKeyFor, newIdempotencyKey, postJson, writeProblemMessage, type WriteResult } from './writeClient';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface Answer {
  status: number;
  /** undefined: the body is not JSON */
  body?: unknown;
  headers?: Record<string, string>;
}

/** jsdom has no fetch: a stand-in that gives one answer (or throws) and records the call. */
function mockFetch(answer: Answer | Error) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  (globalThis as { fetch?: unknown }).fetch = jest.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    if (answer instanceof Error) throw answer;
    const headers = answer.headers ?? {};
    return {
      ok: answer.status >= 200 && answer.status < 300,
      status: answer.status,
      headers: { get: (name: string) => headers[name] ?? null },
      json: async () => {
        if (answer.body === undefined) throw new SyntaxError('Unexpected token < in JSON at position 0');
        return answer.body;
      },
    } as unknown as Response;
  });
  return calls;
}

afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

describe('postJson', () => {
  it('POSTs the body as JSON with JSON headers and the idempotency key; 201 with a reference is sent', async () => {
    const calls = mockFetch({ status: 201, body: { reference: 'CT-7K3M9Q2P' } });
    const result = await postJson('/api/quote', { a: 1 }, { idempotencyKey: 'key-12345678' });
    expect(result).toEqual({ outcome: 'sent', status: 201, reference: 'CT-7K3M9Q2P' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/quote');
    expect(calls[0]!.init.method).toBe('POST');
    expect(calls[0]!.init.body).toBe('{"a":1}');
    const headers = calls[0]!.init.headers as Record<string, string>;
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers.Accept).toBe('application/json');
    expect(headers[IDEMPOTENCY_KEY_HEADER]).toBe('key-12345678');
  });

  it('sends no idempotency header when no key is given', async () => {
    const calls = mockFetch({ status: 201, body: { reference: 'CT-7K3M9Q2P' } });
    await postJson('/api/report', {});
    expect(Object.keys(calls[0]!.init.headers as Record<string, string>)).not.toContain(IDEMPOTENCY_KEY_HEADER);
  });

  it('a success without a reference is a server failure', async () => {
    mockFetch({ status: 201, body: {} });
    expect(await postJson('/api/quote', {})).toMatchObject({ outcome: 'failed', kind: 'server', status: 201 });
  });

  it('400 with an API error body is invalid, with its message and its string field errors', async () => {
    mockFetch({
      status: 400,
      body: {
        statusCode: 400,
        error: 'Bad Request',
        message: 'Invalid enquiry',
        fieldErrors: { 'contactDetails.email': 'Please enter your email address.', odd: 3 },
      },
    });
    expect(await postJson('/api/enquiries/send', {})).toEqual({
      outcome: 'invalid',
      status: 400,
      message: 'Invalid enquiry',
      fieldErrors: { 'contactDetails.email': 'Please enter your email address.' },
    });
  });

  it('400 whose body is not an API error body is invalid with no message and no field errors', async () => {
    mockFetch({ status: 400, body: ['nonsense'] });
    expect(await postJson('/api/quote', {})).toEqual({ outcome: 'invalid', status: 400, message: null, fieldErrors: {} });
  });

  it('429 is rate-limited, with Retry-After in whole seconds when sent', async () => {
    mockFetch({ status: 429, body: { statusCode: 429, message: 'Too Many Requests' }, headers: { 'Retry-After': '29.2' } });
    expect(await postJson('/api/quote', {})).toEqual({ outcome: 'rate-limited', status: 429, retryAfterSeconds: 30 });
    mockFetch({ status: 429, body: {} });
    expect(await postJson('/api/quote', {})).toEqual({ outcome: 'rate-limited', status: 429, retryAfterSeconds: null });
  });

  it('500 is a server failure with the status and the server message', async () => {
    mockFetch({ status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'boom' } });
    expect(await postJson('/api/quote', {})).toEqual({
      outcome: 'failed',
      kind: 'server',
      status: 500,
      reason: 'HTTP 500',
      message: 'boom',
    });
  });

  it('422 (a key reused for another body) is a server failure, so the caller starts afresh', async () => {
    mockFetch({ status: 422, body: { statusCode: 422, error: 'Unprocessable Entity', message: 'This Idempotency-Key was already used.' } });
    expect(await postJson('/api/quote', {})).toMatchObject({
      outcome: 'failed',
      kind: 'server',
      status: 422,
      message: 'This Idempotency-Key was already used.',
    });
  });

  it('a non-JSON body is read as no body', async () => {
    mockFetch({ status: 502 });
    expect(await postJson('/api/quote', {})).toEqual({ outcome: 'failed', kind: 'server', status: 502, reason: 'HTTP 502', message: null });
    mockFetch({ status: 200 });
    expect(await postJson('/api/quote', {})).toMatchObject({ outcome: 'failed', kind: 'server', reason: 'the answer had no reference' });
  });

  it('a network error is a network failure, never a throw', async () => {
    mockFetch(new TypeError('Failed to fetch'));
    expect(await postJson('/api/quote', {})).toEqual({
      outcome: 'failed',
      kind: 'network',
      status: null,
      reason: 'network error: Failed to fetch',
      message: null,
    });
  });

  it('no answer within timeoutMs is a network failure', async () => {
    (globalThis as { fetch?: unknown }).fetch = jest.fn(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')))),
    );
    expect(await postJson('/api/quote', {}, { timeoutMs: 5 })).toMatchObject({ outcome: 'failed', kind: 'network', status: null });
  });
});

describe('idempotency keys', () => {
  it('newIdempotencyKey is a fresh version 4 UUID each time, also without crypto.randomUUID', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(UUID_V4);
    expect(newIdempotencyKey()).not.toBe(a);
    const randomUUID = globalThis.crypto.randomUUID;
    Object.defineProperty(globalThis.crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      expect(newIdempotencyKey()).toMatch(UUID_V4);
    } finally {
      Object.defineProperty(globalThis.crypto, 'randomUUID', { value: randomUUID, configurable: true });
    }
  });

  it('the same body keeps its key (a retry); a different body gets a new one', () => {
    const first = idempotencyKeyFor(null, '{"a":1}');
    expect(first.key).toMatch(UUID_V4);
    expect(idempotencyKeyFor(first, '{"a":1}').key).toBe(first.key);
    expect(idempotencyKeyFor(first, '{"a":2}').key).not.toBe(first.key);
  });
});

describe('formWriter', () => {
  /** Answers in turn; records the key each request carried. */
  function answering(...statuses: number[]) {
    const keys: Array<string | undefined> = [];
    (globalThis as { fetch?: unknown }).fetch = jest.fn(async (_url: string, init: RequestInit) => {
      keys.push((init.headers as Record<string, string>)[IDEMPOTENCY_KEY_HEADER]);
      const status = statuses.shift()!;
      return {
        ok: status < 300,
        status,
        headers: { get: () => null },
        json: async () => (status < 300 ? { reference: 'CT-1' } : { error: 'x', message: 'x' }),
      } as unknown as Response;
    });
    return keys;
  }

  it('a retry of the same body carries the same key; a new body a new key', async () => {
    const keys = answering(503, 503, 503);
    const writer = formWriter('/api/quote');
    await writer.send({ a: 1 });
    await writer.send({ a: 1 });
    await writer.send({ a: 2 });
    expect(keys[0]).toMatch(UUID_V4);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('after a stored write, or a 422 (the key refused), the same body goes with a fresh key', async () => {
    const keys = answering(201, 201, 422, 201);
    const writer = formWriter('/api/quote');
    expect((await writer.send({ a: 1 })).outcome).toBe('sent');
    await writer.send({ a: 1 });
    expect(keys[1]).not.toBe(keys[0]);
    expect(await writer.send({ a: 1 })).toMatchObject({ outcome: 'failed', status: 422 });
    await writer.send({ a: 1 });
    expect(keys[3]).not.toBe(keys[2]);
  });

  it('a writer that is not idempotent sends no key', async () => {
    const keys = answering(201);
    await formWriter('/api/report', { idempotent: false }).send({ a: 1 });
    expect(keys).toEqual([undefined]);
  });
});

describe('writeProblemMessage', () => {
  const failed = (kind: 'network' | 'server'): WriteResult => ({ outcome: 'failed', kind, status: null, reason: '', message: null });
  it('says what happened and that everything typed is kept, in one set of words', () => {
    expect(writeProblemMessage(failed('network') as never)).toMatch(/^We could not reach Copytech, so your request has not been sent\./);
    expect(writeProblemMessage(failed('server') as never)).toMatch(
      /^Something went wrong on our side and your request has not been sent\./,
    );
    expect(writeProblemMessage({ outcome: 'rate-limited', status: 429, retryAfterSeconds: 30 })).toContain(
      'Please wait 30 seconds, then try again.',
    );
    expect(writeProblemMessage({ outcome: 'rate-limited', status: 429, retryAfterSeconds: 3600 })).toContain(
      'Please wait a minute, then try again.',
    );
    expect(writeProblemMessage({ outcome: 'rate-limited', status: 429, retryAfterSeconds: null })).toContain('Please wait a minute');
  });
});
