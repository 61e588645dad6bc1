/** POST /api/enquiries/send: a contact-us enquiry and a customer-support service request. */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ENQUIRY_MESSAGES, REFERENCE_PATTERN } from '@copytech/shared/domain';
import { configOn, mimeParts, testApp } from '../../../test/helpers';
import { databases } from '../../../test/postgres';

const enquiry = {
  kind: 'enquiry',
  name: 'Jo Bloggs',
  email: 'jo@example.co.uk',
  phone: '0116 496 0123',
  company: 'Bloggs Ltd',
  message: 'We need two A3 colour machines for our new office.',
  consent: true,
};
const serviceRequest = {
  kind: 'service-request',
  name: 'Sam Patel',
  email: 'sam@example.co.uk',
  phone: '07700 900123',
  company: 'Patel & Co',
  machine: 'Ricoh IM C3010',
  serialNumber: 'C3010-88421',
  fault: 'Paper jams in tray 2 on every job.\nError code J-501.',
  urgency: 'machine-down',
};

describe.each(databases())('on %s', (database) => {
  describe('POST /api/enquiries/send', () => {
    let app: FastifyInstance;
    let varDir: string;
    beforeAll(async () => {
      const config = configOn(database);
      varDir = config.varDir;
      app = await testApp(config);
    });
    afterAll(() => app.close());
    const send = (body: unknown, headers: Record<string, string> = {}) =>
      app.inject({
        method: 'POST',
        url: '/api/enquiries/send',
        payload: body as object,
        headers: { 'content-type': 'application/json', ...headers },
      });

    it.each([
      ['an enquiry', enquiry, 'enquiry'],
      ['a service request', serviceRequest, 'service-request'],
    ])('stores %s, mails sales and acknowledges the visitor', async (_label, body, kind) => {
      const res = await send(body);
      expect(res.statusCode).toBe(201);
      const { reference } = res.json();
      expect(reference).toMatch(REFERENCE_PATTERN);
      const row = await app.db.selectFrom('enquiries').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
      expect(row.kind).toBe(kind);
      expect(JSON.parse(row.data)).toEqual(body);
      await app.outbox.runDue();
      const files = fs.readdirSync(path.join(varDir, 'outbox')).filter((f) => f.includes(reference));
      expect(files).toHaveLength(2);
      const sales = mimeParts(
        fs.readFileSync(
          path.join(
            varDir,
            'outbox',
            files.find((f) => f.includes(`${kind}-sales`))!,
          ),
          'utf8',
        ),
      );
      const visitor = mimeParts(
        fs.readFileSync(
          path.join(
            varDir,
            'outbox',
            files.find((f) => f.includes(`${kind}-visitor`))!,
          ),
          'utf8',
        ),
      );
      expect(sales.headers).toMatch(/^To: .*<sales@copytech\.co\.uk>$/m);
      expect(sales.headers).toMatch(new RegExp(`^Reply-To: ${body.name} <${body.email.replace('.', '\\.')}>$`, 'm'));
      expect(visitor.headers).toMatch(new RegExp(`^To: ${body.name} <${body.email.replace('.', '\\.')}>$`, 'm'));
      expect(visitor.text).toContain(reference);
      expect(visitor.text).toContain('junk or spam folder');
      if (kind === 'service-request') {
        expect(sales.headers).toMatch(/^Subject: \[Machine down\] Service request/m);
        expect(sales.text).toContain('Serial number: C3010-88421');
        expect(sales.text).toContain('Error code J-501.');
        expect(sales.html).toContain('Patel &amp; Co');
        expect(visitor.text).toContain('0330 058 0595');
      } else {
        expect(sales.text).toContain('We need two A3 colour machines');
      }
    });

    it('accepts a minimal enquiry', async () => {
      const res = await send({ kind: 'enquiry', name: 'Al', email: 'al@example.com', message: 'Call me back please.' });
      expect(res.statusCode).toBe(201);
    });

    it('needs a known kind', async () => {
      for (const body of [{ ...enquiry, kind: 'complaint' }, { name: 'x' }]) {
        const res = await send(body);
        expect(res.statusCode).toBe(400);
        expect(res.json().fieldErrors).toEqual({ kind: ENQUIRY_MESSAGES.kind });
      }
    });

    it('gives each field its message', async () => {
      const res = await send({
        kind: 'service-request',
        name: 'S',
        email: 'sam@',
        phone: '123',
        company: '',
        machine: '',
        serialNumber: '!!',
        fault: 'broken',
        urgency: 'soon',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual({
        name: ENQUIRY_MESSAGES.name,
        email: ENQUIRY_MESSAGES.email,
        phone: ENQUIRY_MESSAGES.phone,
        company: ENQUIRY_MESSAGES.company,
        machine: ENQUIRY_MESSAGES.machine,
        serialNumber: ENQUIRY_MESSAGES.serialNumber,
        fault: ENQUIRY_MESSAGES.faultShort,
        urgency: ENQUIRY_MESSAGES.urgency,
      });
    });

    it('honours Idempotency-Key', async () => {
      const a = await send(enquiry, { 'idempotency-key': 'enquiry-key-0001' });
      const b = await send(enquiry, { 'idempotency-key': 'enquiry-key-0001' });
      expect(b.json()).toEqual(a.json());
      const rows = await app.db.selectFrom('enquiries').select('reference').where('reference', '=', a.json().reference).execute();
      expect(rows).toHaveLength(1);
    });
  });
});
