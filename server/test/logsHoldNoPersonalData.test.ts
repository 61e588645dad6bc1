/**
 * Personal data never in a log line (docs/deploy.md "Request ids and logs"): a quote, an enquiry, a service request
 * and a savings report (with its human check solved for real) are sent with distinctive names,
 * e-mail addresses, phone numbers, companies and postcodes, a write is refused for a bad field,
 * one is sent twice, and the mail server is down, so the outbox's warnings and errors are written
 * (a failed delivery, retries, the alert when mail is late). Every line, at the most detailed level,
 * is searched for each of them, as written and in the forms a log could change it into.
 */
import net from 'node:net';
import { Writable } from 'node:stream';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { leaseAnswers } from './fixtures/leaseAnswers';
import { C5840I, manualClock, testConfig } from './helpers';

const PERSON = {
  firstName: 'Zebedee',
  lastName: 'Quintrell-Harrowgate',
  email: 'zebedee.qh@harrowgate-widgets.example',
  phoneNumber: '01632 960417',
  postcode: 'LE19 4QZ',
};
const ENQUIRER = {
  name: 'Philippa Vantongeren',
  email: 'p.vantongeren@vantongeren-print.example',
  phone: '01632 960883',
  company: 'Vantongeren Printworks',
};

/** Each value, and the forms a log line could hold it in (lower case, JSON-escaped, digits only). */
const NEEDLES = [
  ...Object.values(PERSON),
  ...Object.values(ENQUIRER),
  PERSON.firstName.toLowerCase(),
  'Quintrell',
  'Vantongeren',
  PERSON.phoneNumber.replace(/\s/g, ''),
  ENQUIRER.phone.replace(/\s/g, ''),
  '1632960417',
  '1632960883',
  encodeURIComponent(PERSON.email),
  'LE194QZ',
];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

let app: FastifyInstance;
let log = '';
const clock = manualClock();

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      log += String(chunk);
      done();
    },
  });
  // nothing listens at the mail server's address: every delivery fails
  const config = testConfig({ smtpUrl: `smtp://127.0.0.1:${await freePort()}`, mailAlertAfterMinutes: 1 });
  app = await buildApp({
    config: { ...config, logLevel: 'trace' },
    logger: { stream },
    clock,
    outbox: { autoStart: false },
    retention: { autoStart: false },
  });
  await app.ready();
});
afterAll(() => app.close());

async function solvedCaptcha(): Promise<string> {
  const challenge = (await app.inject({ method: 'GET', url: '/api/captcha/challenge' })).json() as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(
    JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }),
  ).toString('base64');
}

it('keeps every name, e-mail address, phone number, company and postcode out of the logs', async () => {
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url,
      payload,
      headers: { ...headers, referer: `https://www.copytech.co.uk/basket?email=${PERSON.email}` },
    });

  const quote = { productIds: [C5840I], contactDetails: PERSON, eventType: 'QUOTE' };
  expect((await post('/api/quote', quote, { 'idempotency-key': 'quote-key-0001' })).statusCode).toBe(201);
  expect((await post('/api/quote', quote, { 'idempotency-key': 'quote-key-0001' })).statusCode).toBe(201);
  // refused: a bad field, and a body that is not JSON (its text must not be echoed into a log)
  expect((await post('/api/quote', { ...quote, contactDetails: { ...PERSON, postcode: 'not a postcode!' } })).statusCode).toBe(400);
  const broken = await app.inject({
    method: 'POST',
    url: '/api/quote',
    payload: `{"contactDetails": {"email": "${PERSON.email}", "phoneNumber": "${PERSON.phoneNumber}"`,
    headers: { 'content-type': 'application/json' },
  });
  expect(broken.statusCode).toBe(400);

  const enquiry = { kind: 'enquiry', ...ENQUIRER, message: `Please call ${ENQUIRER.name} on ${ENQUIRER.phone}.`, consent: true };
  expect((await post('/api/enquiries/send', enquiry)).statusCode).toBe(201);
  const service = {
    kind: 'service-request',
    ...ENQUIRER,
    machine: 'Canon imageRUNNER ADVANCE DX C5840i',
    serialNumber: 'XYZ12345',
    fault: `Jams every morning; ask for ${ENQUIRER.name}.`,
    urgency: 'machine-down',
  };
  expect((await post('/api/enquiries/send', service)).statusCode).toBe(201);
  const report = { answers: leaseAnswers(), contactDetails: PERSON, captcha: await solvedCaptcha() };
  expect((await post('/api/report', report)).statusCode).toBe(201);

  // the mail server is away: failures, retries with backoff, then the alert that mail is late
  for (let run = 0; run < 6; run++) {
    await app.outbox.runDue();
    clock.advance(10 * 60_000);
  }

  expect(log).toMatch(/"level":50|"level":40/); // the warn and error paths did write
  expect(log).toContain('"reqId"');
  const found = NEEDLES.filter((needle) => log.toLowerCase().includes(needle.toLowerCase()));
  expect(found).toEqual([]);
}, 60_000);
