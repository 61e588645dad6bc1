/**
 * The outbox through the whole app (src/outbox/outbox.ts with the app's mail deliverer): a row's
 * Message-ID is the same on every attempt and in the .eml files, and a backlog of 2,000 mails
 * drains into a real SMTP server visitor mail first, a new quote's visitor mail leaving within 5 s.
 *
 * Apart from mailOutbox.test.ts (the worker's order, concurrency, lease and dead rows, on a
 * database without an app) because these build an app, and the backlog sends a thousand quotes:
 * the outbox's mutation run (stryker.config.server.mjs) judges the worker with the focused tests.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { backoffAfter, outboxRowsOf } from '../src/outbox/outbox';
import { C5840I, configOn, manualClock, quoteBody, testApp, testConfig } from './helpers';
import { databases } from './postgres';
import { mailJob, until } from './testBasics';

describe.each(databases())('on %s', (database) => {
  describe('the Message-ID', () => {
    it('is the same on every attempt of a row, so a resent message can be recognised', async () => {
      const raws: string[] = [];
      let reject = true;
      const server = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        onData(stream, _session, callback) {
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            raws.push(Buffer.concat(chunks).toString('utf8'));
            if (reject) {
              reject = false;
              callback(Object.assign(new Error('try again later'), { responseCode: 451 }));
            } else callback();
          });
        },
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const clock = manualClock();
      const app = await testApp(configOn(database, { smtpUrl: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}` }), {
        clock,
      });
      try {
        await app.db
          .insertInto('outbox')
          .values(outboxRowsOf([mailJob('quote-visitor', 'CT-MSGID')], clock()))
          .execute();
        const { id } = await app.db.selectFrom('outbox').select('id').executeTakeFirstOrThrow();
        expect(await app.outbox.runDue()).toMatchObject({ failed: 1 });
        clock.advance(backoffAfter(1));
        expect(await app.outbox.runDue()).toMatchObject({ sent: 1 });
        const ids = raws.map((raw) => raw.match(/^Message-ID: (.*)$/im)?.[1]?.trim());
        expect(ids).toEqual([`<${id}@copytech.co.uk>`, `<${id}@copytech.co.uk>`]);
      } finally {
        await app.close();
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    });

    it('is the row’s in the .eml files too', async () => {
      const config = configOn(database);
      const app = await testApp(config);
      try {
        const { reference } = (await app.inject({ method: 'POST', url: '/api/quote', payload: quoteBody([C5840I]) })).json();
        expect(await app.outbox.runDue()).toMatchObject({ sent: 2 });
        const rows = await app.db.selectFrom('outbox').select(['id', 'kind']).where('reference', '=', reference).execute();
        const dir = path.join(config.varDir, 'outbox');
        for (const row of rows) {
          const file = fs.readdirSync(dir).find((f) => f.includes(row.id.slice(0, 8)))!;
          expect(fs.readFileSync(path.join(dir, file), 'utf8')).toMatch(new RegExp(`^Message-ID: <${row.id}@copytech\\.co\\.uk>$`, 'm'));
        }
      } finally {
        await app.close();
      }
    });
  });
});

/** An SMTP receiver on loopback that records each message's recipient in arrival order. */
async function receiver() {
  const arrivals: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        arrivals.push(session.envelope.rcptTo.map((r) => r.address).join(','));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    arrivals,
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('a backlog draining into a real SMTP server', () => {
  jest.setTimeout(180_000);
  let app: FastifyInstance | null = null;
  let smtp: Awaited<ReturnType<typeof receiver>> | null = null;
  afterEach(async () => {
    await app?.close();
    await smtp?.close();
  });

  it('sends visitor mail first, and a new quote’s visitor mail leaves within 5 s', async () => {
    smtp = await receiver();
    const arrivals = smtp.arrivals;
    const config = testConfig({
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      salesEmail: 'sales@copytech.co.uk',
      rateLimits: { quotePerMinute: 1e6, formsPerMinute: 1e6 },
    });
    app = await testApp(config);
    const quote = (email: string) =>
      app!.inject({
        method: 'POST',
        url: '/api/quote',
        payload: quoteBody([C5840I], { firstName: 'Jo', lastName: 'Bloggs', email, phoneNumber: '0116 496 0123', postcode: 'LE19 1WX' }),
      });
    // 2,000 mails: 1,000 quotes, each a visitor's mail and a sales notification, queued with
    // the worker stopped, as during a burst.
    const QUOTES = 1_000;
    for (let i = 0; i < QUOTES; i++) expect((await quote(`visitor${i}@example.com`)).statusCode).toBe(201);
    app.outbox.start();

    // While the backlog's own visitor mails are still leaving, a new quote: its visitor's mail
    // does not wait behind the hundreds before it.
    await until(() => arrivals.length >= 300, 'the first 300 mails', 60_000);
    const postedAt = Date.now();
    const seenBefore = arrivals.length;
    expect((await quote('fresh@example.com')).statusCode).toBe(201);
    await until(() => arrivals.includes('fresh@example.com'), 'the new visitor’s mail within 5 s', 5_000);
    const waited = Date.now() - postedAt;
    const at = arrivals.indexOf('fresh@example.com');
    expect(waited).toBeLessThan(5_000);
    process.stdout.write(`new visitor mail left after ${waited} ms, ${at - seenBefore} messages after it was queued\n`);
    expect(at - seenBefore).toBeLessThanOrEqual(2 * config.outbox.concurrency);
    expect(arrivals.length).toBeLessThan(QUOTES);

    // The backlog's visitor mails (and the new one) go before any sales notification.
    await until(() => arrivals.length >= QUOTES + 1, 'the visitor mails', 60_000);
    const sales = (list: string[]) => list.filter((a) => a === 'sales@copytech.co.uk').length;
    // (a few sales notifications may overlap the last visitor mails: up to the deliveries in flight)
    expect(sales(arrivals.slice(0, QUOTES + 1 - config.outbox.concurrency))).toBe(0);

    // Everything arrives, each message once.
    await until(() => arrivals.length >= 2 * QUOTES + 2, 'the whole backlog', 90_000);
    expect(sales(arrivals)).toBe(QUOTES + 1);
    expect(new Set(arrivals.filter((a) => a !== 'sales@copytech.co.uk')).size).toBe(QUOTES + 1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(arrivals).toHaveLength(2 * QUOTES + 2);
  });
});
