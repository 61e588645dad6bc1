/** Bad input never gives a 500; body limit, rate limits, security headers, JSON 404s, health. */
import type { FastifyInstance } from 'fastify';
import { StartupError, loadConfig } from '../src/config';
import { C5840I, quoteBody, testApp, testConfig } from './helpers';

const WRITES = ['/api/quote', '/api/enquiries/send', '/api/newsletter'];

const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
const JSON_GARBAGE = [
  '',
  'null',
  '[]',
  '"just a string"',
  '42',
  'true',
  '{',
  '{"a":1,}',
  deep(5000),
  '{"productIds":"abc"}',
  '{"productIds":[1,2,3]}',
  '{"productIds":[null,{},[]]}',
  '{"productIds":["' + 'a'.repeat(5000) + '"]}',
  '{"contactDetails":"x","eventType":"QUOTE"}',
  '{"contactDetails":{"email":[],"firstName":{},"phoneNumber":12345678901,"postcode":null},"productIds":["x"],"eventType":"QUOTE"}',
  '{"__proto__":{"polluted":true},"productIds":["x"]}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '{"utm":{"utm_source":{"$gt":1}},"productIds":["' + C5840I + '"],"eventType":"QUOTE"}',
  '{"kind":"enquiry","name":{"first":"a"},"email":["a@b.co"],"message":12345678901}',
  '{"kind":"service-request","urgency":["low"],"fault":null}',
  '{"kind":{"toString":"x"}}',
  '{"mauticform[email]":{"x":1}}',
  '"\\u0000\\ud800"',
  '{"productIds":["\\ud800"],"contactDetails":{"firstName":"\\u0000\\u0000"}}',
];

describe('garbage in, 4xx out', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(() => app.close());

  const expectClientError = (res: { statusCode: number; json: () => { statusCode: number; message: string } }, label: string) => {
    if (res.statusCode < 400 || res.statusCode >= 500) throw new Error(`${label} answered ${res.statusCode}`);
    const body = res.json();
    expect(body.statusCode).toBe(res.statusCode);
    expect(typeof body.message).toBe('string');
  };

  it.each(WRITES)('%s: every JSON body that is not a valid request is a 4xx with a JSON error', async (url) => {
    for (const payload of JSON_GARBAGE) {
      const res = await app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } });
      expectClientError(res, `${url} ${payload.slice(0, 40)}`);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each(WRITES)('%s: wrong, missing or broken content types are 4xx', async (url) => {
    const cases: Array<{ payload: string; headers: Record<string, string> }> = [
      { payload: 'hello', headers: { 'content-type': 'text/plain' } },
      { payload: 'hello', headers: {} },
      { payload: '<xml/>', headers: { 'content-type': 'application/xml' } },
      { payload: 'a=%ZZ&&&=&mauticform%5Bemail%5D', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      { payload: 'garbage', headers: { 'content-type': 'multipart/form-data' } },
      {
        payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
      },
      { payload: '{"a":1}', headers: { 'content-type': 'application/json; charset=utf-16' } },
    ];
    for (const { payload, headers } of cases) {
      const res = await app.inject({ method: 'POST', url, payload, headers });
      expectClientError(res, `${url} ${headers['content-type']}`);
    }
  });

  it('answers 413 JSON for a body over 64 KB', async () => {
    for (const url of WRITES) {
      const res = await app.inject({
        method: 'POST',
        url,
        payload: JSON.stringify({ padding: 'x'.repeat(70 * 1024) }),
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ statusCode: 413, error: 'Payload Too Large' });
    }
  });

  it('answers JSON 404 for unknown /api paths, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
      const res = await app.inject({ method, url: '/api/no/such/thing?x=1' });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({ error: 'Not Found', statusCode: 404, message: 'No such resource: /api/no/such/thing' });
    }
  });

  it('reports readiness', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      database: 'ok',
      mail: 'files',
      outbox: { pending: 0, dead: 0, failingSince: null },
      reasons: [],
    });
  });

  it('says 503 when the database is gone', async () => {
    const broken = await testApp();
    await broken.db.destroy();
    const res = await broken.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect((await broken.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(503);
    // Liveness is the process, not its database: a restart would not bring the database back.
    expect((await broken.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    await broken.close().catch(() => undefined);
  });
});

describe('rate limits', () => {
  it('limits quotes per IP and answers 429 JSON, while reads stay open', async () => {
    const app = await testApp(testConfig({ rateLimits: { quotePerMinute: 2, formsPerMinute: 1 } }));
    try {
      const send = (ip: string) =>
        app.inject({
          method: 'POST',
          url: '/api/quote',
          payload: quoteBody([C5840I]),
          headers: { 'content-type': 'application/json' },
          remoteAddress: ip,
        });
      expect((await send('203.0.113.7')).statusCode).toBe(201);
      expect((await send('203.0.113.7')).statusCode).toBe(201);
      const limited = await send('203.0.113.7');
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({
        statusCode: 429,
        error: 'Too Many Requests',
        message: expect.stringMatching(/try again in \d+ seconds/),
      });
      // the window is a minute from the first quote: the seconds left, rounded up (a slow machine may take a few)
      const wait = Number(/try again in (\d+) seconds/.exec(limited.json<{ message: string }>().message)![1]);
      expect(wait).toBeGreaterThanOrEqual(50);
      expect(wait).toBeLessThanOrEqual(60);
      expect(limited.headers['retry-after']).toBe(String(wait));
      expect((await send('203.0.113.8')).statusCode).toBe(201);

      const enquiry = { kind: 'enquiry', name: 'Jo Bloggs', email: 'jo@example.co.uk', message: 'Please call me back.' };
      const form = () => app.inject({ method: 'POST', url: '/api/enquiries/send', payload: enquiry, remoteAddress: '203.0.113.9' });
      expect((await form()).statusCode).toBe(201);
      expect((await form()).statusCode).toBe(429);

      for (let i = 0; i < 60; i++)
        expect((await app.inject({ method: 'GET', url: '/api/printers/all', remoteAddress: '203.0.113.7' })).statusCode).toBe(200);
      // not limited at all: past @fastify/rate-limit's default of 1,000 a minute too
      const reads: number[] = [];
      for (let i = 0; i < 1_001; i++)
        reads.push((await app.inject({ method: 'GET', url: '/api/health/live', remoteAddress: '203.0.113.7' })).statusCode);
      expect(reads.filter((status) => status !== 200)).toEqual([]);
    } finally {
      await app.close();
    }
  }, 30_000); // a thousand requests and more: past Jest's default 5 s on a busy machine

  it('by default believes no X-Forwarded-For: inventing one per request from a private network earns no fresh limit', async () => {
    const app = await testApp(testConfig({ rateLimits: { quotePerMinute: 3, formsPerMinute: 3 } }));
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/quote',
          payload: quoteBody([C5840I]),
          remoteAddress: '192.168.1.20',
          headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.filter((status) => status === 201)).toHaveLength(3);
      expect(statuses.slice(3).every((status) => status === 429)).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('behind a configured proxy, limits the client the proxy names', async () => {
    const app = await testApp(testConfig({ rateLimits: { quotePerMinute: 1, formsPerMinute: 1 } }, { TRUST_PROXY: '192.168.1.1' }));
    try {
      const send = (client: string) =>
        app.inject({
          method: 'POST',
          url: '/api/quote',
          payload: quoteBody([C5840I]),
          remoteAddress: '192.168.1.1',
          headers: { 'x-forwarded-for': client },
        });
      expect((await send('198.51.100.1')).statusCode).toBe(201);
      expect((await send('198.51.100.1')).statusCode).toBe(429);
      expect((await send('198.51.100.2')).statusCode).toBe(201);
    } finally {
      await app.close();
    }
  });
});

describe('security headers', () => {
  const env = {
    REMOTE_CATALOGUE_URL: 'https://catalogue.cdn.example.com/v42/mf-manifest.json',
    REMOTE_BASKET_URL: '/remotes/basket/mf-manifest.json',
    MARKETING_SCRIPT_URL: 'https://mautic.example.com/mtc.js',
    // As behind a reverse proxy on the same machine.
    TRUST_PROXY: 'loopback',
  };
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp(testConfig({}, env));
  });
  afterAll(() => app.close());

  const csp = (header: string | string[] | number | undefined) =>
    Object.fromEntries(
      String(header)
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    ) as Record<string, string[]>;

  it('sends a CSP that allows self, the configured remote origins and the marketing origin, and nothing unsafe for scripts', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/printers/all' });
    const policy = csp(res.headers['content-security-policy']);
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['script-src']).toEqual(["'self'", 'https://catalogue.cdn.example.com', 'https://mautic.example.com']);
    expect(policy['connect-src']).toEqual(
      expect.arrayContaining(["'self'", 'https://catalogue.cdn.example.com', 'https://mautic.example.com']),
    );
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(String(res.headers['content-security-policy'])).not.toMatch(/unsafe-eval/);
    expect(policy['script-src']).not.toContain("'unsafe-inline'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('sends HSTS only for requests that came over TLS through a trusted proxy', async () => {
    const plain = await app.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const tls = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const spoofed = await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
      remoteAddress: '198.51.100.20',
    });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });

  it('takes trusted proxies from TRUST_PROXY', () => {
    // Nobody unless configured: a client on a private network must not choose its own address.
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8' }).trustProxy).toBe('10.0.0.0/8');
  });

  it('refuses configuration that could break a mail header', () => {
    expect(() => loadConfig({ MAIL_FROM: 'quotes@copytech.co.uk\r\nBcc: x@example.com' })).toThrow(/MAIL_FROM/);
    expect(() => loadConfig({ SALES_EMAIL: 'Sales <sales@copytech.co.uk>' })).toThrow(/SALES_EMAIL/);
    expect(() => loadConfig({ SMTP_URL: 'not a url' })).toThrow(/SMTP_URL/);
    // A URL without a host would be accepted and fail only at the first send.
    expect(() => loadConfig({ SMTP_URL: 'smtp://' })).toThrow(StartupError);
    expect(() => loadConfig({ SMTP_URL: 'smtp://' })).toThrow(
      'SMTP_URL must name the mail server, e.g. smtp://mail.example.com:587, got no host',
    );
    expect(() => loadConfig({ SMTP_URL: 'https://mail.example.com' })).toThrow(/SMTP_URL must start with smtp:\/\/ or smtps:\/\//);
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }).smtpUrl).toBe('smtp://127.0.0.1:2525');
    // A malformed URL with a password in it is refused without echoing the password.
    expect(() => loadConfig({ SMTP_URL: 'smtp://user:s3cret@ bad host' })).toThrow(/^SMTP_URL must be an absolute URL/);
    expect(() => loadConfig({ SMTP_URL: 'smtp://user:s3cret@ bad host' })).not.toThrow(/s3cret/);
    expect(loadConfig({ ENQUIRY_API_URL: 'https://api.example.com/enquiries' }).enquiryApi).toBeNull();
    expect(loadConfig({ ENQUIRY_API_URL: 'https://api.example.com/enquiries', ENQUIRY_API_KEY: 'k' }).enquiryApi).toEqual({
      url: 'https://api.example.com/enquiries',
      key: 'k',
    });
  });
});
