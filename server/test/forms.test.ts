/** POST /api/enquiries/send (both kinds) and POST /api/newsletter (multipart and url-encoded). */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ENQUIRY_MESSAGES, NEWSLETTER_MESSAGES, REFERENCE_PATTERN } from '@copytech/shared/domain';
import { configOn, mimeParts, testApp } from './helpers';
import { databases } from './postgres';

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

function multipart(fields: Record<string, string>, file?: { name: string; filename: string; content: string }) {
  const boundary = '----copytechtestboundary';
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  if (file)
    parts.push(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: text/plain\r\n\r\n${file.content}\r\n`,
    );
  return { payload: `${parts.join('')}--${boundary}--\r\n`, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

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

  describe('POST /api/newsletter', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await testApp(configOn(database));
    });
    afterAll(() => app.close());
    const signups = () => app.db.selectFrom('newsletter_signups').selectAll().orderBy('email').execute();

    it('stores a multipart sign-up with the mauticform fields', async () => {
      const form = multipart({
        'mauticform[first_name]': 'Jo',
        'mauticform[email]': 'Jo.Bloggs@Example.co.uk',
        'mauticform[formId]': '3',
        'mauticform[formName]': 'newsletter',
        'mauticform[return]': '/',
      });
      const res = await app.inject({ method: 'POST', url: '/api/newsletter', ...form });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ ok: true });
      expect(await signups()).toEqual([
        expect.objectContaining({ email: 'jo.bloggs@example.co.uk', first_name: 'Jo', form_id: '3', form_name: 'newsletter' }),
      ]);
    });

    it('accepts url-encoded posts and is idempotent by e-mail', async () => {
      const payload = new URLSearchParams({
        'mauticform[email]': 'jo.bloggs@example.co.uk',
        'mauticform[first_name]': 'Joanna',
      }).toString();
      const res = await app.inject({
        method: 'POST',
        url: '/api/newsletter',
        payload,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.statusCode).toBe(201);
      const rows = await signups();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.first_name).toBe('Jo');
    });

    it('says the email is required, and checks its format and the first name', async () => {
      const missing = await app.inject({ method: 'POST', url: '/api/newsletter', ...multipart({ 'mauticform[first_name]': 'Jo' }) });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().fieldErrors).toEqual({ email: NEWSLETTER_MESSAGES.emailRequired });
      const bad = await app.inject({
        method: 'POST',
        url: '/api/newsletter',
        ...multipart({ 'mauticform[email]': 'not-an-email', 'mauticform[first_name]': 'x'.repeat(51) }),
      });
      expect(bad.json().fieldErrors).toEqual({ email: NEWSLETTER_MESSAGES.emailFormat, first_name: NEWSLETTER_MESSAGES.firstName });
    });

    it('takes no files and no oversized fields', async () => {
      const withFile = await app.inject({
        method: 'POST',
        url: '/api/newsletter',
        ...multipart({ 'mauticform[email]': 'a@example.com' }, { name: 'cv', filename: 'cv.txt', content: 'hello' }),
      });
      expect(withFile.statusCode).toBeGreaterThanOrEqual(400);
      expect(withFile.statusCode).toBeLessThan(500);
      const huge = await app.inject({
        method: 'POST',
        url: '/api/newsletter',
        ...multipart({ 'mauticform[email]': 'a@example.com', 'mauticform[formName]': 'x'.repeat(5000) }),
      });
      expect(huge.statusCode).toBeGreaterThanOrEqual(400);
      expect(huge.statusCode).toBeLessThan(500);
      const many = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f${i}`, 'x']));
      const tooMany = await app.inject({
        method: 'POST',
        url: '/api/newsletter',
        ...multipart({ ...many, 'mauticform[email]': 'a@example.com' }),
      });
      expect(tooMany.statusCode).toBeGreaterThanOrEqual(400);
      expect(tooMany.statusCode).toBeLessThan(500);
      expect((await signups()).map((r) => r.email)).not.toContain('a@example.com');
    });

    it('forwards to the marketing form instead of storing when MAUTIC_URL is set', async () => {
      const received: Array<{ url: string; body: string }> = [];
      const mautic = http.createServer((req, res) => {
        let body = '';
        req.on('data', (c) => (body += c));
        req.on('end', () => {
          received.push({ url: req.url ?? '', body });
          res.writeHead(200).end('ok');
        });
      });
      await new Promise<void>((resolve) => mautic.listen(0, '127.0.0.1', resolve));
      const forwarding = await testApp(
        configOn(database, { mauticUrl: `http://127.0.0.1:${(mautic.address() as AddressInfo).port}/mautic` }),
      );
      try {
        const res = await forwarding.inject({
          method: 'POST',
          url: '/api/newsletter',
          ...multipart({ 'mauticform[email]': 'fwd@example.com', 'mauticform[formId]': '7' }),
        });
        expect(res.statusCode).toBe(201);
        await forwarding.outbox.runDue();
        expect(received).toHaveLength(1);
        expect(received[0]!.url).toBe('/mautic/form/submit?formId=7');
        expect(new URLSearchParams(received[0]!.body).get('mauticform[email]')).toBe('fwd@example.com');
        expect(await forwarding.db.selectFrom('newsletter_signups').selectAll().execute()).toEqual([]);
      } finally {
        await forwarding.close();
        await new Promise<void>((resolve) => mautic.close(() => resolve()));
      }
    });
  });
});
