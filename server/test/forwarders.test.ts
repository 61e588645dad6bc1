/**
 * The outbox's calls to outside services (src/outbox/forwarders.ts), against a real local HTTP
 * receiver: what is sent (method, headers, body, address), what counts as delivered, and the
 * error (its code, for the row's last_error) when it is not.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { DeliveryError, enquiryApiForwarder, mauticForwarder } from '../src/outbox/forwarders';
import type { EnquiryApiPayload } from '../src/outbox/outbox';

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let server: http.Server;
let base: string;
const received: Received[] = [];
/** the status the receiver answers next (then 200 again) */
let answer = 200;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const status = answer;
      answer = 200;
      res.writeHead(status, status >= 300 && status < 400 ? { location: '/elsewhere' } : {}).end('answer body');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received.length = 0;
  answer = 200;
});

/** The rejection of a delivery, to look at its message and code. */
async function failure(delivery: Promise<void>): Promise<DeliveryError> {
  const error = await delivery.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DeliveryError);
  return error as DeliveryError;
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('the hosted enquiry endpoint', () => {
  const payload: EnquiryApiPayload = { type: 'quote', reference: 'CT-ABC123', createdAt: '2026-11-20T09:00:00.000Z', data: { a: 1 } };

  it('gets the payload as JSON in a POST, with the key in X-API-Key', async () => {
    await enquiryApiForwarder({ url: `${base}/enquiries`, key: 'secret-key-123' })(payload);
    expect(received).toHaveLength(1);
    const [request] = received;
    expect(request).toMatchObject({ method: 'POST', url: '/enquiries' });
    expect(request!.headers).toMatchObject({
      'content-type': 'application/json',
      accept: 'application/json',
      'x-api-key': 'secret-key-123',
    });
    expect(JSON.parse(request!.body)).toEqual(payload);
  });

  it('counts any 2xx as delivered, anything else as a failure with its status', async () => {
    const forward = enquiryApiForwarder({ url: `${base}/enquiries`, key: 'k' });
    answer = 202;
    await expect(forward(payload)).resolves.toBeUndefined();
    answer = 299;
    await expect(forward(payload)).resolves.toBeUndefined();
    for (const status of [300, 404, 503]) {
      answer = status;
      const error = await failure(forward(payload));
      expect(error.message).toBe(`enquiry API answered ${status}`);
      expect(error.code).toBe('ENQUIRY_API_STATUS');
    }
  });

  it('fails with ENQUIRY_API_UNREACHABLE when nothing answers, and never says the key', async () => {
    const error = await failure(enquiryApiForwarder({ url: `http://127.0.0.1:${await closedPort()}/x`, key: 'secret-key-123' })(payload));
    expect(error.code).toBe('ENQUIRY_API_UNREACHABLE');
    expect(error.message).toBe('enquiry API unreachable: TypeError');
  });
});

describe('the marketing form', () => {
  it('is posted url-encoded to form/submit under the base address, with the form id', async () => {
    await mauticForwarder(`${base}/mautic`)({
      formId: '7',
      fields: { 'mauticform[email]': 'fwd@example.com', 'mauticform[name]': 'Jo & Co' },
    });
    // the same with the base address ending in a slash
    await mauticForwarder(`${base}/mautic/`)({ formId: '8', fields: {} });
    expect(received.map(({ method, url }) => ({ method, url }))).toEqual([
      { method: 'POST', url: '/mautic/form/submit?formId=7' },
      { method: 'POST', url: '/mautic/form/submit?formId=8' },
    ]);
    expect(received[0]!.headers).toMatchObject({
      'content-type': 'application/x-www-form-urlencoded',
      'x-requested-with': 'XMLHttpRequest',
    });
    expect(received[0]!.body).toBe('mauticform%5Bemail%5D=fwd%40example.com&mauticform%5Bname%5D=Jo+%26+Co');
    expect(received[1]!.body).toBe('');
  });

  it('leaves the form id out when there is none', async () => {
    await mauticForwarder(`${base}/mautic`)({ formId: null, fields: { a: 'b' } });
    expect(received[0]!.url).toBe('/mautic/form/submit');
  });

  it('counts a redirect (the form’s thank-you page) as delivered, 4xx and 5xx as failures', async () => {
    const forward = mauticForwarder(base);
    answer = 302;
    await expect(forward({ formId: '1', fields: {} })).resolves.toBeUndefined();
    // the redirect is not followed
    expect(received.map((r) => r.url)).toEqual(['/form/submit?formId=1']);
    answer = 399;
    await expect(forward({ formId: '1', fields: {} })).resolves.toBeUndefined();
    for (const status of [400, 500]) {
      answer = status;
      const error = await failure(forward({ formId: '1', fields: {} }));
      expect(error.message).toBe(`marketing form answered ${status}`);
      expect(error.code).toBe('MAUTIC_STATUS');
    }
  });

  it('fails with MAUTIC_UNREACHABLE when nothing answers', async () => {
    const error = await failure(mauticForwarder(`http://127.0.0.1:${await closedPort()}`)({ formId: '1', fields: {} }));
    expect(error.code).toBe('MAUTIC_UNREACHABLE');
    expect(error.message).toBe('marketing form unreachable: TypeError');
  });
});
