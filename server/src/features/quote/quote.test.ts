/** POST /api/quote: validation, storage before the answer, the outbox, idempotency and forwarding. */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import {
  QUOTE_MESSAGES,
  REFERENCE_PATTERN,
  formatPence,
  quoteFigures,
  runningCostWords,
  validUntilWords,
  type Product,
} from '@copytech/shared/domain';
import { C5840I, C5850I, CONTACT, IMC2010, INACTIVE, configOn, manualClock, mimeParts, quoteBody, testApp } from '../../../test/helpers';
import { databases } from '../../../test/postgres';

const post = (app: FastifyInstance, body: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/quote', payload: body as object, headers: { 'content-type': 'application/json', ...headers } });

describe.each(databases())('on %s', (database) => {
  describe('a valid quote', () => {
    let app: FastifyInstance;
    let varDir: string;
    const logs: string[] = [];
    beforeAll(async () => {
      const config = configOn(database, { logLevel: 'info' });
      varDir = config.varDir;
      app = await testApp(config, {
        logger: {
          stream: new Writable({
            write(chunk, _enc, done) {
              logs.push(String(chunk));
              done();
            },
          }),
        },
      });
    });
    afterAll(() => app.close());

    it('is stored with its products, prices, contact details and campaign before the 201', async () => {
      const res = await post(app, quoteBody([C5840I, IMC2010]));
      expect(res.statusCode).toBe(201);
      const { reference } = res.json();
      expect(reference).toMatch(REFERENCE_PATTERN);
      expect(res.json()).toEqual({ reference });

      const row = await app.db.selectFrom('quotes').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
      expect(JSON.parse(row.contact)).toEqual(CONTACT);
      expect(JSON.parse(row.utm)).toEqual({ utm_source: 'google', utm_medium: 'cpc' });
      expect(JSON.parse(row.products).volumes).toBeNull();
      expect(JSON.parse(row.products).products).toEqual([
        {
          modelId: C5840I,
          brand: 'Canon',
          model: 'imageRUNNER ADVANCE DX C5840i',
          productCategory: 'multifunctional-printer',
          productSpecification: 'office',
          path: '/printers/multifunctionals/canon/imagerunner-advance-dx-c5840i',
          startingFrom: 690000,
          leaseQuarterly: 41400,
          rentalPerMonth: 13800,
          paperSize: 'A3',
          servicePerPage: { mono: 0.52, colour: 4 },
        },
        expect.objectContaining({ modelId: IMC2010, startingFrom: 350000, leaseQuarterly: 21000, rentalPerMonth: 7000 }),
      ]);
      const outbox = await app.db.selectFrom('outbox').selectAll().where('reference', '=', reference).orderBy('kind').execute();
      expect(outbox.map((r) => [r.channel, r.kind, r.status])).toEqual([
        ['mail', 'quote-sales', 'pending'],
        ['mail', 'quote-visitor', 'pending'],
      ]);
    });

    it('quotes at the volumes the buyer chose: the e-mail has the figures the page worked out, each machine and the total, with VAT', async () => {
      const volumes = { mono: 3000, colour: 1000 };
      const res = await post(app, { ...quoteBody([C5840I, IMC2010]), volumes, leaseTermMonths: 60 });
      expect(res.statusCode).toBe(201);
      const { reference } = res.json();
      const row = await app.db
        .selectFrom('quotes')
        .select(['products', 'created_at'])
        .where('reference', '=', reference)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(row.products)).toMatchObject({ volumes, leaseTermMonths: 60 });
      await app.outbox.runDue();
      const file = fs.readdirSync(path.join(varDir, 'outbox')).find((f) => f.includes(reference) && f.includes('quote-visitor'))!;
      const mail = mimeParts(fs.readFileSync(path.join(varDir, 'outbox', file), 'utf8'));
      // What the product page and the basket say for these machines at these volumes: the product API's data, the shared rule.
      const products = await Promise.all(
        [C5840I, IMC2010].map(async (id) => (await app.inject({ method: 'GET', url: `/api/v3/products/${id}` })).json() as Product),
      );
      const figures = quoteFigures(products, volumes, app.terms.terms);
      for (const line of figures.lines) {
        expect(mail.text).toContain(`What it costs at 3,000 mono and 1,000 colour pages a month: ${runningCostWords(line.estimate!)}.`);
      }
      expect(mail.text).toContain(
        `Total a month for these 2 machines: ${formatPence(figures.monthlyPence)} ex VAT; ${formatPence(figures.monthlyWithVatPence)} with VAT (VAT at 20%).`,
      );
      expect(mail.text).toContain(
        `${validUntilWords(Date.parse(row.created_at), app.terms.terms)}: this quote holds for 30 days from today.`,
      );
      // Never the class's or any other volumes.
      expect(mail.text).not.toMatch(/at 20,000 mono|at (?!3,000 mono and 1,000 colour)[\d,]+ mono/);
    });

    it('writes both e-mails as .eml files when SMTP_URL is not set', async () => {
      const { reference } = (await post(app, quoteBody([C5850I]))).json();
      const run = await app.outbox.runDue();
      expect(run.failed).toBe(0);
      const files = fs.readdirSync(path.join(varDir, 'outbox')).filter((f) => f.includes(reference));
      expect(files.map((f) => f.replace(/^.*-(quote-\w+)-.*$/, '$1')).sort()).toEqual(['quote-sales', 'quote-visitor']);
      const visitor = mimeParts(
        fs.readFileSync(
          path.join(
            varDir,
            'outbox',
            files.find((f) => f.includes('quote-visitor'))!,
          ),
          'utf8',
        ),
      );
      expect(visitor.headers).toMatch(/^To: Jo Bloggs <jo\.bloggs@example\.co\.uk>$/m);
      expect(visitor.headers).toMatch(new RegExp(`^Subject: Your Copytech quote ${reference}$`, 'm'));
      expect(visitor.text).toContain('Canon imageRUNNER ADVANCE DX C5850i');
      expect(visitor.text).toContain('Starting at: £7,900.00');
      expect(visitor.text).toContain('Rental per month: £158.00');
      expect(visitor.text).toContain('junk or spam folder');
      expect(visitor.text).toContain('0330 058 0590');
      expect(visitor.text).toMatch(/WHAT HAPPENS NEXT/);
      expect(visitor.html).toContain('£7,900.00');
      // who we are, in law, at the foot of every e-mail: registration, VAT number and the credit-broker disclosure
      for (const part of [visitor.text, visitor.html]) {
        expect(part).toContain('company number 09456213');
        expect(part).toContain('VAT number GB 214 5689 56');
        expect(part).toContain('Registered office: Unit 4, Meridian Business Park, Leicester, LE19 1WX');
        expect(part).toContain('as a credit broker, not a lender');
      }
      const sales = mimeParts(
        fs.readFileSync(
          path.join(
            varDir,
            'outbox',
            files.find((f) => f.includes('quote-sales'))!,
          ),
          'utf8',
        ),
      );
      expect(sales.headers).toMatch(/^To: Copytech sales <sales@copytech\.co\.uk>$/m);
      expect(sales.headers).toMatch(/^Reply-To: Jo Bloggs <jo\.bloggs@example\.co\.uk>$/m);
      expect(sales.text).toContain('Phone: 0116 496 0123');
      expect(sales.text).toContain('Postcode: LE19 1WX');
      expect(sales.text).toContain('utm_source: google');
      const rows = await app.db.selectFrom('outbox').select(['status', 'attempts']).where('reference', '=', reference).execute();
      expect(rows).toEqual([
        { status: 'sent', attempts: 1 },
        { status: 'sent', attempts: 1 },
      ]);
    });

    it('escapes what the visitor typed in the HTML e-mail', async () => {
      const { reference } = (await post(app, quoteBody([C5840I], { ...CONTACT, firstName: '<img src=x onerror=alert(1)>' }))).json();
      await app.outbox.runDue();
      const file = fs.readdirSync(path.join(varDir, 'outbox')).find((f) => f.includes(reference) && f.includes('quote-visitor'))!;
      const { html } = mimeParts(fs.readFileSync(path.join(varDir, 'outbox', file), 'utf8'));
      expect(html).toContain('Hello &lt;img src=x onerror=alert(1)&gt;');
      expect(html).not.toContain('<img src=x');
    });

    it('logs the reference and none of the personal data', async () => {
      const contact = {
        firstName: 'Zebedee',
        lastName: 'Quixotic',
        email: 'zebedee.quixotic@example.org',
        phoneNumber: '020 7946 0018',
        postcode: 'SW1A 1AA',
      };
      const { reference } = (await post(app, quoteBody([C5840I], contact))).json();
      await app.outbox.runDue();
      const text = logs.join('');
      expect(text).toContain(reference);
      for (const value of Object.values(contact)) expect(text).not.toContain(value);
      expect(text).not.toContain('zebedee');
    });
  });

  describe('quote validation', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await testApp(configOn(database));
    });
    afterAll(() => app.close());

    const errorsOf = async (body: unknown) => {
      const res = await post(app, body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'Bad Request', statusCode: 400 });
      return res.json().fieldErrors as Record<string, string>;
    };

    it('gives every contact field its message from the form', async () => {
      const errors = await errorsOf(
        quoteBody([C5840I], { firstName: 'J', lastName: '', email: 'jo@', phoneNumber: '12345', postcode: 'QQ1 1AA' }),
      );
      expect(errors).toEqual({
        'contactDetails.firstName': QUOTE_MESSAGES.firstName,
        'contactDetails.lastName': QUOTE_MESSAGES.lastName,
        'contactDetails.email': QUOTE_MESSAGES.email,
        'contactDetails.phoneNumber': QUOTE_MESSAGES.phoneNumber,
        'contactDetails.postcode': QUOTE_MESSAGES.postcode,
      });
    });
    it('rejects unknown and inactive products, and reports them with the contact errors', async () => {
      expect(await errorsOf(quoteBody([C5840I, 'nosuchmachine', INACTIVE]))).toEqual({
        'productIds[1]': 'This product is not in our range.',
        'productIds[2]': 'This product is no longer available.',
      });
      const both = await errorsOf(quoteBody(['nosuchmachine'], { ...CONTACT, email: 'nope' }));
      expect(both).toEqual({ 'contactDetails.email': QUOTE_MESSAGES.email, 'productIds[0]': 'This product is not in our range.' });
    });
    it('needs one to five distinct products', async () => {
      expect((await errorsOf(quoteBody([]))).productIds).toBe('Choose at least one product.');
      expect((await errorsOf(quoteBody(['a1', 'a2', 'a3', 'a4', 'a5', 'a6']))).productIds).toMatch(/up to 5/);
      expect((await errorsOf(quoteBody([C5840I, C5840I]))).productIds).toBe('Each product can be included once.');
    });
    it('needs eventType QUOTE', async () => {
      expect((await errorsOf({ ...quoteBody([C5840I]), eventType: 'SPAM' })).eventType).toBeDefined();
      const { eventType: _e, ...noEvent } = quoteBody([C5840I]);
      expect((await errorsOf(noEvent)).eventType).toBeDefined();
    });
    it('stores only the known fields', async () => {
      const res = await post(app, { ...quoteBody([C5840I], { ...CONTACT, isAdmin: true }), admin: true });
      expect(res.statusCode).toBe(201);
      const row = await app.db
        .selectFrom('quotes')
        .select('contact')
        .where('reference', '=', res.json().reference)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(row.contact)).toEqual(CONTACT);
    });
    it('takes the volumes as whole pages a month, 0 to 2,000,000 of each, and a lease term the terms offer', async () => {
      const volume = 'Pages a month must be a whole number from 0 to 2,000,000.';
      expect(await errorsOf({ ...quoteBody([C5840I]), volumes: { mono: -1, colour: 0 } })).toEqual({ 'volumes.mono': volume });
      expect(await errorsOf({ ...quoteBody([C5840I]), volumes: { mono: 10, colour: 2.5 } })).toEqual({ 'volumes.colour': volume });
      expect(await errorsOf({ ...quoteBody([C5840I]), volumes: { mono: 2_000_001, colour: 0 } })).toEqual({ 'volumes.mono': volume });
      expect(await errorsOf({ ...quoteBody([C5840I]), volumes: { mono: 10 } })).toEqual({ 'volumes.colour': volume });
      expect(await errorsOf({ ...quoteBody([C5840I]), leaseTermMonths: 24 })).toEqual({ leaseTermMonths: 'Choose a lease term we offer.' });
      expect(await errorsOf({ ...quoteBody([C5840I]), leaseTermMonths: 36.5 })).toEqual({
        leaseTermMonths: 'Choose a lease term we offer.',
      });
      expect((await post(app, { ...quoteBody([C5840I]), volumes: { mono: 0, colour: 2_000_000 }, leaseTermMonths: 36 })).statusCode).toBe(
        201,
      );
    });
    it('accepts a quote without utm', async () => {
      const { utm: _u, ...body } = quoteBody([C5840I]);
      expect((await post(app, body)).statusCode).toBe(201);
    });
    it('stores nothing for a rejected quote', async () => {
      const before = await app.db
        .selectFrom('quotes')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      await errorsOf(quoteBody([INACTIVE]));
      const after = await app.db
        .selectFrom('quotes')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });
  });

  describe('Idempotency-Key', () => {
    let app: FastifyInstance;
    const clock = manualClock();
    beforeAll(async () => {
      app = await testApp(configOn(database), { clock });
    });
    afterAll(() => app.close());
    const count = async (table: 'quotes' | 'outbox') =>
      Number(
        (
          await app.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );

    it('answers a retry with the first answer and stores nothing new', async () => {
      const key = '3b1f0c9e-7d2a-4f5b-9c1e-1a2b3c4d5e6f';
      const first = await post(app, quoteBody([C5840I]), { 'idempotency-key': key });
      expect(first.statusCode).toBe(201);
      const quotes = await count('quotes');
      const mails = await count('outbox');
      const again = await post(app, quoteBody([C5840I]), { 'idempotency-key': key });
      expect(again.statusCode).toBe(201);
      expect(again.json()).toEqual(first.json());
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(await count('quotes')).toBe(quotes);
      expect(await count('outbox')).toBe(mails);
    });
    it('replays a stored answer even after its product was withdrawn', async () => {
      const first = await post(app, quoteBody([IMC2010]), { 'idempotency-key': 'key-withdrawn-1' });
      await app.db.updateTable('products').set({ is_active: 0 }).where('model_id', '=', IMC2010).execute();
      try {
        const again = await post(app, quoteBody([IMC2010]), { 'idempotency-key': 'key-withdrawn-1' });
        expect(again.statusCode).toBe(201);
        expect(again.json()).toEqual(first.json());
        expect((await post(app, quoteBody([IMC2010]), { 'idempotency-key': 'key-withdrawn-2' })).statusCode).toBe(400);
      } finally {
        await app.db.updateTable('products').set({ is_active: 1 }).where('model_id', '=', IMC2010).execute();
      }
    });
    it('lets only one of two simultaneous requests with one key store a quote', async () => {
      const before = await count('quotes');
      const answers = await Promise.all([1, 2, 3].map(() => post(app, quoteBody([C5850I]), { 'idempotency-key': 'simultaneous-1' })));
      expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201]);
      expect(new Set(answers.map((r) => r.json().reference)).size).toBe(1);
      expect(await count('quotes')).toBe(before + 1);
    });
    it('is 422 when a key is reused for a different request', async () => {
      await post(app, quoteBody([C5840I]), { 'idempotency-key': 'reused-key-1' });
      const res = await post(app, quoteBody([C5850I]), { 'idempotency-key': 'reused-key-1' });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toMatch(/different request/);
    });
    it('forgets a key after 24 hours', async () => {
      const first = await post(app, quoteBody([C5840I]), { 'idempotency-key': 'day-old-key' });
      clock.advance(24 * 60 * 60 * 1000 + 1);
      const later = await post(app, quoteBody([C5840I]), { 'idempotency-key': 'day-old-key' });
      expect(later.statusCode).toBe(201);
      expect(later.json().reference).not.toBe(first.json().reference);
    });
    it('rejects a malformed key with a field error', async () => {
      for (const key of ['short', 'has spaces in it', 'x'.repeat(101), 'semi;colon;key']) {
        const res = await post(app, quoteBody([C5840I]), { 'idempotency-key': key });
        expect(res.statusCode).toBe(400);
        expect(res.json().fieldErrors['Idempotency-Key']).toBeDefined();
      }
    });
  });

  describe('forwarding to the hosted enquiry endpoint', () => {
    let receiver: http.Server;
    let url: string;
    const received: Array<{
      key: string | undefined;
      body: { type: string; reference: string; data: { products: Array<{ modelId: string }> } };
    }> = [];
    let failNext = 0;
    beforeAll(async () => {
      receiver = http.createServer((req, res) => {
        let body = '';
        req.on('data', (chunk) => (body += chunk));
        req.on('end', () => {
          if (failNext > 0) {
            failNext--;
            res.writeHead(503).end();
            return;
          }
          received.push({ key: req.headers['x-api-key'] as string | undefined, body: JSON.parse(body) });
          res.writeHead(202, { 'content-type': 'application/json' }).end('{}');
        });
      });
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/enquiries`;
    });
    afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

    it('sends the quote with the API key in a header, and retries a failure without failing the visitor', async () => {
      const clock = manualClock();
      const app = await testApp(configOn(database, { enquiryApi: { url, key: 'secret-key-123' } }), { clock });
      try {
        failNext = 1;
        const res = await post(app, quoteBody([C5840I]));
        expect(res.statusCode).toBe(201);
        const { reference } = res.json();
        expect(JSON.stringify(res.json())).not.toContain('secret-key-123');
        await app.outbox.runDue();
        const row = await app.db
          .selectFrom('outbox')
          .selectAll()
          .where('reference', '=', reference)
          .where('channel', '=', 'enquiry-api')
          .executeTakeFirstOrThrow();
        expect(row).toMatchObject({ status: 'pending', attempts: 1, next_attempt_at: clock() + 5000 });
        expect(row.last_error).toMatch(/503/);
        clock.advance(5000);
        await app.outbox.runDue();
        expect(received).toHaveLength(1);
        expect(received[0]).toMatchObject({
          key: 'secret-key-123',
          body: { type: 'quote', reference, data: { products: [{ modelId: C5840I }] } },
        });
      } finally {
        await app.close();
      }
    });
  });
});
