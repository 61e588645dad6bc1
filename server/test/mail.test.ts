/**
 * Mail through the outbox: a real SMTP receiver gets the quote e-mail with the right products and
 * prices; an SMTP outage loses nothing (retried with backoff, delivered when the server is back);
 * a row that never goes through is marked dead; no CR/LF from input reaches a header.
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { BACKOFF_MS, MAX_ATTEMPTS, backoffAfter, describeError, outboxRowsOf } from '../src/outbox/outbox';
import { headerText } from '../src/mail/message';
import { nodemailerMessage } from '../src/mail/transport';
import { C5840I, CONTACT, IMC2010, manualClock, mimeParts, quoteBody, testApp, testConfig } from './helpers';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** An SMTP receiver on 127.0.0.1 (port 0 = any free port, or the one given). */
async function smtpReceiver(port = 0): Promise<{ port: number; messages: Received[]; close: () => Promise<void> }> {
  const messages: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actual = (server.server.address() as AddressInfo).port;
  return { port: actual, messages, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

const postQuote = (app: FastifyInstance, ids: string[], contact = CONTACT) =>
  app.inject({ method: 'POST', url: '/api/quote', payload: quoteBody(ids, contact), headers: { 'content-type': 'application/json' } });

describe('with a real SMTP server', () => {
  it('delivers the quote e-mail with the right products and prices, and the sales notification', async () => {
    const receiver = await smtpReceiver();
    const app = await testApp(
      testConfig({ smtpUrl: `smtp://127.0.0.1:${receiver.port}`, mailFrom: 'quotes@copytech.co.uk', salesEmail: 'sales@copytech.co.uk' }),
    );
    try {
      const res = await postQuote(app, [C5840I, IMC2010]);
      expect(res.statusCode).toBe(201);
      const { reference } = res.json();
      expect(await app.outbox.runDue()).toEqual({ attempted: 2, sent: 2, failed: 0 });

      const visitor = receiver.messages.find((m) => m.to.includes(CONTACT.email))!;
      expect(visitor).toBeDefined();
      expect(visitor.to).toEqual([CONTACT.email]);
      expect(visitor.from).toBe('quotes@copytech.co.uk');
      const mail = mimeParts(visitor.raw);
      expect(mail.headers).toContain(`Subject: Your Copytech quote ${reference}`);
      expect(mail.text).toContain(reference);
      expect(mail.text).toMatch(
        /1\. Canon imageRUNNER ADVANCE DX C5840i[\s\S]*Starting at: £6,900\.00 ex VAT\n\s+Rental per month: £138\.00\n\s+Ex VAT, on a 60-month lease billed quarterly \(£414\.00 a quarter plus VAT\)\. Terms of 36 or 48 months are quoted on request\. It covers the machine, financed over the term, delivery, installation, network set-up and a handover for your team: toner, parts and servicing are charged per page printed/,
      );
      expect(mail.text).toMatch(/2\. Ricoh IM C2010[\s\S]*Starting at: £3,500\.00 ex VAT\n\s+Rental per month: £70\.00/);
      expect(mail.html).toContain('£6,900.00');
      expect(mail.html).toContain('£70.00');
      expect(mail.html).toContain('>Ex VAT, on a 60-month lease billed quarterly (£210.00 a quarter plus VAT).');
      expect(mail.text).toContain(
        'Prices exclude VAT. A lease is offered on machines from £1,000 over 36, 48 or 60 months; rental per month is a third of the quarterly payment on a 60-month lease',
      );
      // Prices per page are "from", and nothing says toner and service come in one plan with the machine.
      expect(mail.text).toContain('from 0.39p a mono page and from 3.3p a colour page (A4, ex VAT)');
      expect(mail.text).not.toMatch(/one plan|covers the machine only/);
      expect(mail.text).toContain('junk or spam folder');

      const sales = receiver.messages.find((m) => m.to.includes('sales@copytech.co.uk'))!;
      expect(mimeParts(sales.raw).text).toContain(`New quote request ${reference}`);
      expect(mimeParts(sales.raw).text).toContain(
        'starting at £6,900.00; 60-month lease £414.00/quarter; rental £138.00/month; service 0.52p mono, 4p colour a page; quoted £193.60/month (£232.32 with VAT) (ex VAT unless said)',
      );
      expect(receiver.messages).toHaveLength(2);
    } finally {
      await app.close();
      await receiver.close();
    }
  });
});

describe('an SMTP outage', () => {
  it('keeps the mail and delivers it with backoff once the server is back', async () => {
    const port = await freePort();
    const clock = manualClock();
    const app = await testApp(testConfig({ smtpUrl: `smtp://127.0.0.1:${port}` }), { clock });
    let receiver: Awaited<ReturnType<typeof smtpReceiver>> | null = null;
    try {
      const { reference } = (await postQuote(app, [C5840I])).json();
      const rows = () => app.db.selectFrom('outbox').selectAll().where('reference', '=', reference).orderBy('kind').execute();

      expect(await app.outbox.runDue()).toMatchObject({ attempted: 2, failed: 2 });
      for (const row of await rows()) {
        expect(row).toMatchObject({ status: 'pending', attempts: 1, next_attempt_at: clock() + 5_000 });
        expect(row.last_error).toMatch(/ECONNREFUSED|ESOCKET|ECONNECTION/);
      }
      expect(await app.outbox.runDue()).toMatchObject({ attempted: 0 });

      clock.advance(5_000);
      expect(await app.outbox.runDue()).toMatchObject({ attempted: 2, failed: 2 });
      for (const row of await rows()) expect(row).toMatchObject({ attempts: 2, next_attempt_at: clock() + 30_000 });

      receiver = await smtpReceiver(port);
      clock.advance(29_999);
      expect(await app.outbox.runDue()).toMatchObject({ attempted: 0 });
      clock.advance(1);
      expect(await app.outbox.runDue()).toEqual({ attempted: 2, sent: 2, failed: 0 });
      expect((await rows()).map((r) => [r.status, r.attempts])).toEqual([
        ['sent', 3],
        ['sent', 3],
      ]);
      expect(receiver.messages.map((m) => m.to[0]).sort()).toEqual([CONTACT.email, 'sales@copytech.co.uk'].sort());
      expect(mimeParts(receiver.messages.find((m) => m.to[0] === CONTACT.email)!.raw).text).toContain(reference);
      expect(await app.outbox.runDue()).toMatchObject({ attempted: 0 });
    } finally {
      await app.close();
      await receiver?.close();
    }
  });

  it('gives up after the last attempt and marks the row dead', async () => {
    const clock = manualClock();
    const app = await testApp(testConfig({ smtpUrl: `smtp://127.0.0.1:${await freePort()}` }), { clock });
    try {
      await app.db
        .insertInto('outbox')
        .values(
          outboxRowsOf(
            [
              {
                channel: 'mail',
                kind: 'test',
                reference: 'CT-DEAD0000',
                payload: {
                  from: { address: 'quotes@copytech.co.uk' },
                  to: [{ address: 'x@example.com' }],
                  subject: 's',
                  text: 't',
                  html: 'h',
                },
              },
            ],
            clock(),
          ),
        )
        .execute();
      for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
        expect(await app.outbox.runDue()).toMatchObject({ attempted: 1, failed: 1 });
        clock.advance(backoffAfter(attempt));
      }
      const row = await app.db.selectFrom('outbox').selectAll().where('reference', '=', 'CT-DEAD0000').executeTakeFirstOrThrow();
      expect(row).toMatchObject({ status: 'dead', attempts: MAX_ATTEMPTS });
      expect(await app.outbox.runDue()).toMatchObject({ attempted: 0 });
      const health = (await app.inject({ method: 'GET', url: '/api/health' })).json();
      expect(health.outbox).toEqual({ pending: 0, dead: 1, failingSince: null });
      expect(health).toMatchObject({ status: 'degraded', reasons: [{ code: 'outbox-dead' }] });
    } finally {
      await app.close();
    }
  });

  it('backs off exponentially: 5 s, 30 s, 2 min, 10 min … capped', () => {
    expect([1, 2, 3, 4].map(backoffAfter)).toEqual([5_000, 30_000, 120_000, 600_000]);
    expect(backoffAfter(99)).toBe(BACKOFF_MS[BACKOFF_MS.length - 1]);
    expect(MAX_ATTEMPTS).toBe(10);
  });

  it('keeps e-mail addresses out of stored errors', () => {
    expect(
      describeError(Object.assign(new Error('550 <jo@example.com>: Recipient rejected'), { code: 'EENVELOPE', responseCode: 550 })),
    ).toBe('EENVELOPE 550 550 <[address]>: Recipient rejected');
  });
});

describe('header injection', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp();
  });
  afterAll(() => app.close());

  it.each([
    [
      'quote last name',
      '/api/quote',
      quoteBody([C5840I], { ...CONTACT, lastName: 'Smith\r\nBcc: victim@example.com' }),
      'contactDetails.lastName',
    ],
    [
      'quote first name (LF only)',
      '/api/quote',
      quoteBody([C5840I], { ...CONTACT, firstName: 'Jo\nBcc: victim@example.com' }),
      'contactDetails.firstName',
    ],
    [
      'quote e-mail',
      '/api/quote',
      quoteBody([C5840I], { ...CONTACT, email: 'jo@example.com\r\nBcc: victim@example.com' }),
      'contactDetails.email',
    ],
    [
      'enquiry name',
      '/api/enquiries/send',
      { kind: 'enquiry', name: 'Eve\r\nBcc: victim@example.com', email: 'eve@example.com', message: 'Hello there, please call.' },
      'name',
    ],
    [
      'service machine',
      '/api/enquiries/send',
      {
        kind: 'service-request',
        name: 'Eve',
        email: 'eve@example.com',
        phone: '0116 496 0123',
        company: 'Evil Ltd',
        machine: 'X\r\nBcc: v@example.com',
        serialNumber: 'ABC123',
        fault: 'It is broken badly.',
        urgency: 'normal',
      },
      'machine',
    ],
  ])('rejects CR/LF in the %s', async (_label, url, body, field) => {
    const res = await app.inject({ method: 'POST', url, payload: body, headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors[field]).toBeDefined();
  });

  it('rejects CR/LF in the newsletter first name', async () => {
    const payload = new URLSearchParams({
      'mauticform[email]': 'a@example.com',
      'mauticform[first_name]': 'Eve\r\nBcc: v@example.com',
    }).toString();
    const res = await app.inject({
      method: 'POST',
      url: '/api/newsletter',
      payload,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.first_name).toBeDefined();
  });

  it('never lets a CR/LF in a name or subject start a header, even if validation were bypassed', async () => {
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
    const info = (await transport.sendMail(
      nodemailerMessage({
        from: { name: 'Copytech', address: 'quotes@copytech.co.uk' },
        to: [{ name: 'Eve\r\nBcc: victim@example.com', address: 'eve@example.com' }],
        replyTo: { name: 'X\nCc: other@example.com', address: 'sales@copytech.co.uk' },
        subject: 'Quote\r\nBcc: victim@example.com',
        text: 'body',
        html: '<p>body</p>',
      }),
    )) as unknown as { message: Buffer; envelope: { to: string[] } };
    const raw = info.message.toString('utf8');
    const headers = raw.slice(0, raw.indexOf('\r\n\r\n'));
    expect(headers).not.toMatch(/^(Bcc|Cc):/im);
    expect(info.envelope.to).toEqual(['eve@example.com']);
    expect(headerText('a\r\nb\u2028c')).toBe('a b c');
    expect(() =>
      nodemailerMessage({
        from: { address: 'quotes@copytech.co.uk' },
        to: [{ address: 'eve@example.com\r\nBcc: v@example.com' }],
        subject: 's',
        text: 't',
        html: 'h',
      }),
    ).toThrow();
  });
});
