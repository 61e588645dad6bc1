/**
 * The outbox worker's delivery order, concurrency and claims: visitor mail first, bounded
 * deliveries in flight with no pause while rows are due, a short lease renewed while a send is
 * in progress (a dead worker's row is taken over soon, a slow live one is not), a stable
 * Message-ID across retries, and an alert-level log line when a row turns dead.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import BetterSqlite3 from 'better-sqlite3';
import { migrationProvider } from '../src/db/migrations';
import type { Database } from '../src/db/schema';
import { loadConfig } from '../src/config';
import {
  LEASE_MS,
  MAX_ATTEMPTS,
  OutboxWorker,
  PRIORITY,
  backoffAfter,
  outboxRowsOf,
  priorityOf,
  type Deliverers,
  type OutboxJob,
} from '../src/outbox/outbox';
import { C5840I, configOn, manualClock, quoteBody, tempDir, testApp, testConfig } from './helpers';
import { databases } from './postgres';

const silent = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  trace() {},
  fatal() {},
  child() {
    return silent;
  },
  level: 'silent',
  silent() {},
} as unknown as FastifyBaseLogger;

const mailJob = (kind: string, reference: string, to = 'someone@example.com'): OutboxJob => ({
  channel: 'mail',
  kind,
  reference,
  payload: { from: { address: 'quotes@copytech.co.uk' }, to: [{ address: to }], subject: `s ${reference}`, text: 't', html: 'h' },
});

/** Waits (real time) until the condition holds, or fails with the message. */
async function until(condition: () => boolean, message: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out: ${message}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A deliverer set whose mail goes to `mail`; the other channels must not be used. */
function deliverers(mail: Deliverers['mail']): Deliverers {
  const unused = async () => {
    throw new Error('not expected');
  };
  return { mail, 'enquiry-api': unused, mautic: unused };
}

describe('priority', () => {
  it('is chosen from the kind: the visitor’s mail, then staff mail, then outside services', () => {
    const kinds: Array<[OutboxJob['channel'], string, number]> = [
      ['mail', 'quote-visitor', PRIORITY.visitor],
      ['mail', 'enquiry-visitor', PRIORITY.visitor],
      ['mail', 'service-request-visitor', PRIORITY.visitor],
      ['mail', 'report-visitor', PRIORITY.visitor],
      ['mail', 'quote-sales', PRIORITY.staff],
      ['mail', 'enquiry-sales', PRIORITY.staff],
      ['mail', 'report-sales', PRIORITY.staff],
      ['mail', 'test', PRIORITY.staff],
      ['enquiry-api', 'quote-forward', PRIORITY.service],
      ['enquiry-api', 'service-request-forward', PRIORITY.service],
      ['mautic', 'newsletter-forward', PRIORITY.service],
    ];
    for (const [channel, kind, priority] of kinds) expect([kind, priorityOf({ channel, kind })]).toEqual([kind, priority]);
    expect(PRIORITY.visitor < PRIORITY.staff && PRIORITY.staff < PRIORITY.service).toBe(true);
    expect(outboxRowsOf([mailJob('quote-sales', 'CT-1'), mailJob('quote-visitor', 'CT-1')], 0).map((r) => r.priority)).toEqual([
      PRIORITY.staff,
      PRIORITY.visitor,
    ]);
  });

  it.each(databases())('orders claims by priority, then due time (%s)', async (database) => {
    const clock = manualClock();
    const app = await testApp(configOn(database), { clock });
    try {
      const t = clock();
      const insert = (job: OutboxJob, dueAt: number) =>
        app.db
          .insertInto('outbox')
          .values(outboxRowsOf([job], dueAt))
          .execute();
      await insert(
        { channel: 'mautic', kind: 'newsletter-forward', reference: 'svc-old', payload: { formId: null, fields: {} } },
        t - 5_000,
      );
      await insert(mailJob('quote-sales', 'staff-old'), t - 4_000);
      await insert(mailJob('quote-sales', 'staff-new'), t - 1_000);
      await insert(mailJob('quote-visitor', 'visitor-new'), t);
      await insert(mailJob('quote-visitor', 'visitor-old'), t - 2_000);
      await insert(mailJob('quote-visitor', 'visitor-later'), t + 60_000);

      const order: string[] = [];
      const record = async (reference: string | null) => {
        order.push(reference!);
      };
      const worker = new OutboxWorker(
        app.db,
        { mail: (_m, meta) => record(meta.reference), 'enquiry-api': async () => undefined, mautic: async () => record('svc-old') },
        silent,
        { clock, concurrency: 1 },
      );
      expect(await worker.runDue()).toEqual({ attempted: 5, sent: 5, failed: 0 });
      expect(order).toEqual(['visitor-old', 'visitor-new', 'staff-old', 'staff-new', 'svc-old']);
    } finally {
      await app.close();
    }
  });

  it('is given to rows queued before the column existed, from their kind', async () => {
    const varDir = tempDir('ct-migrate-');
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new BetterSqlite3(path.join(varDir, 'x.sqlite')) }) });
    try {
      const migrator = new Migrator({ db, provider: migrationProvider });
      const names = Object.keys(await migrationProvider.getMigrations()).sort();
      const before = names[names.indexOf('2026_11_002_outbox_priority') - 1]!;
      expect((await migrator.migrateTo(before)).error).toBeUndefined();
      const rows = outboxRowsOf(
        [
          mailJob('quote-sales', 'A'),
          mailJob('quote-visitor', 'A'),
          {
            channel: 'enquiry-api',
            kind: 'quote-forward',
            reference: 'A',
            payload: { type: 'quote', reference: 'A', createdAt: '', data: {} },
          },
        ],
        0,
      );
      await db
        .insertInto('outbox')
        .values(rows.map(({ priority: _drop, ...row }) => row))
        .execute();
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const after = await db.selectFrom('outbox').select(['kind', 'priority', 'claimed_by']).orderBy('priority').execute();
      expect(after).toEqual([
        { kind: 'quote-visitor', priority: PRIORITY.visitor, claimed_by: null },
        { kind: 'quote-sales', priority: PRIORITY.staff, claimed_by: null },
        { kind: 'quote-forward', priority: PRIORITY.service, claimed_by: null },
      ]);
    } finally {
      await db.destroy();
    }
  });
});

describe.each(databases())('on %s', (database) => {
  describe('the newest visitor mail', () => {
    it('has a slot of its own, while the other slots drain the oldest first', async () => {
      const clock = manualClock();
      const app = await testApp(configOn(database), { clock });
      try {
        const t = clock();
        await app.db
          .insertInto('outbox')
          .values(
            outboxRowsOf(
              Array.from({ length: 40 }, (_, i) => mailJob('quote-visitor', `OLD${String(i).padStart(2, '0')}`)),
              t - 60_000,
            ),
          )
          .execute();
        const order: string[] = [];
        let inserted = false;
        const worker = new OutboxWorker(
          app.db,
          deliverers(async (_m, meta) => {
            order.push(meta.reference!);
            if (order.length === 10 && !inserted) {
              inserted = true;
              await app.db
                .insertInto('outbox')
                .values(outboxRowsOf([mailJob('quote-visitor', 'NEW')], t))
                .execute();
            }
            await new Promise((resolve) => setTimeout(resolve, 2));
          }),
          silent,
          { clock, concurrency: 4 },
        );
        expect(await worker.runDue()).toEqual({ attempted: 41, sent: 41, failed: 0 });
        expect(order.indexOf('NEW')).toBeGreaterThanOrEqual(10);
        expect(order.indexOf('NEW')).toBeLessThanOrEqual(10 + 4);
        const old = order.filter((r) => r !== 'NEW');
        // and every other row leaves once
        expect(new Set(old).size).toBe(40);
      } finally {
        await app.close();
      }
    });
  });

  describe('concurrency', () => {
    it('keeps up to N deliveries in flight and delivers every due row in one run, without pausing', async () => {
      const app = await testApp(configOn(database));
      try {
        await app.db
          .insertInto('outbox')
          .values(
            outboxRowsOf(
              Array.from({ length: 45 }, (_, i) => mailJob('quote-sales', `R${i}`)),
              Date.now(),
            ),
          )
          .execute();
        let inFlight = 0;
        let most = 0;
        const worker = new OutboxWorker(
          app.db,
          deliverers(async () => {
            inFlight++;
            most = Math.max(most, inFlight);
            await new Promise((resolve) => setTimeout(resolve, 20));
            inFlight--;
          }),
          silent,
          { concurrency: 6, pollMs: 60_000 },
        );
        const started = Date.now();
        expect(await worker.runDue()).toEqual({ attempted: 45, sent: 45, failed: 0 });
        expect(most).toBe(6);
        // 45 sends of 20 ms, 6 at a time: 8 rounds, about 160 ms; a pause per batch would show.
        expect(Date.now() - started).toBeLessThan(900);
        expect(await app.db.selectFrom('outbox').select('status').where('status', '!=', 'sent').execute()).toEqual([]);
      } finally {
        await app.close();
      }
    });

    it('is configurable, and refuses zero', () => {
      expect(loadConfig({}).outbox).toEqual({ concurrency: 10, smtpMaxConnections: 5, smtpMaxMessages: 100 });
      expect(loadConfig({ OUTBOX_CONCURRENCY: '25', SMTP_MAX_CONNECTIONS: '8', SMTP_MAX_MESSAGES: '500' }).outbox).toEqual({
        concurrency: 25,
        smtpMaxConnections: 8,
        smtpMaxMessages: 500,
      });
      expect(() => loadConfig({ OUTBOX_CONCURRENCY: '0' })).toThrow(/OUTBOX_CONCURRENCY must be at least 1/);
      expect(() => loadConfig({ SMTP_MAX_CONNECTIONS: 'many' })).toThrow(/SMTP_MAX_CONNECTIONS/);
    });
  });

  describe('the claim lease', () => {
    it('is short: a dead worker’s row is delivered by another worker soon after the lease ends', async () => {
      const clock = manualClock();
      const app = await testApp(configOn(database), { clock });
      try {
        await app.db
          .insertInto('outbox')
          .values(outboxRowsOf([mailJob('quote-visitor', 'CT-CRASH')], clock()))
          .execute();
        // Worker A claims the row and then never does anything again (its process died):
        // its send never returns and its lease is never renewed.
        let failA: (error: Error) => void = () => undefined;
        let calledA = false;
        const a = new OutboxWorker(
          app.db,
          deliverers(() => {
            calledA = true;
            return new Promise((_resolve, reject) => (failA = reject));
          }),
          silent,
          { clock, renewEveryMs: 3_600_000 },
        );
        const runA = a.runDue();
        await until(() => calledA, 'worker A to start the send');
        expect(await app.db.selectFrom('outbox').select(['next_attempt_at', 'claimed_by']).executeTakeFirstOrThrow()).toEqual({
          next_attempt_at: clock() + LEASE_MS,
          claimed_by: a.id,
        });
        expect(LEASE_MS).toBeLessThanOrEqual(30_000);

        const sentByB: string[] = [];
        const b = new OutboxWorker(
          app.db,
          deliverers(async (_m, meta) => void sentByB.push(meta.reference!)),
          silent,
          { clock },
        );
        clock.advance(LEASE_MS - 1);
        expect(await b.runDue()).toMatchObject({ attempted: 0 });
        clock.advance(1);
        expect(await b.runDue()).toEqual({ attempted: 1, sent: 1, failed: 0 });
        expect(sentByB).toEqual(['CT-CRASH']);

        // Were A to come back and fail, the row B delivered stays delivered (no retry is scheduled).
        failA(new Error('connection lost'));
        expect(await runA).toEqual({ attempted: 1, sent: 0, failed: 1 });
        expect(await app.db.selectFrom('outbox').select(['status', 'attempts']).executeTakeFirstOrThrow()).toEqual({
          status: 'sent',
          attempts: 1,
        });
      } finally {
        await app.close();
      }
    });

    it('is renewed while a slow send is in progress, so a live worker keeps its row', async () => {
      const clock = manualClock();
      const app = await testApp(configOn(database), { clock });
      try {
        await app.db
          .insertInto('outbox')
          .values(outboxRowsOf([mailJob('quote-visitor', 'CT-SLOW')], clock()))
          .execute();
        let finish: () => void = () => undefined;
        let calledA = false;
        const a = new OutboxWorker(
          app.db,
          deliverers(() => {
            calledA = true;
            return new Promise<void>((resolve) => (finish = resolve));
          }),
          silent,
          { clock, renewEveryMs: 10 },
        );
        const runA = a.runDue();
        await until(() => calledA, 'worker A to start the send');

        let calledB = 0;
        const b = new OutboxWorker(
          app.db,
          deliverers(async () => void calledB++),
          silent,
          { clock },
        );
        const leaseEnd = async () =>
          (await app.db.selectFrom('outbox').select('next_attempt_at').executeTakeFirstOrThrow()).next_attempt_at;
        // Ten minutes of a send that is slow but alive: the lease keeps moving ahead of the clock.
        for (let step = 0; step < 30; step++) {
          clock.advance(20_000);
          const target = clock() + LEASE_MS;
          const deadline = Date.now() + 2_000;
          while ((await leaseEnd()) < target && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
          expect(await b.runDue()).toMatchObject({ attempted: 0 });
        }
        expect(calledB).toBe(0);
        finish();
        expect(await runA).toEqual({ attempted: 1, sent: 1, failed: 0 });
        expect(await app.db.selectFrom('outbox').select(['status', 'attempts', 'claimed_by']).executeTakeFirstOrThrow()).toEqual({
          status: 'sent',
          attempts: 1,
          claimed_by: null,
        });
        expect(await b.runDue()).toMatchObject({ attempted: 0 });
      } finally {
        await app.close();
      }
    });
  });

  describe('a row that turns dead', () => {
    it('is logged at error level with alert: outbox-dead, and no personal data', async () => {
      const clock = manualClock();
      const lines: string[] = [];
      const app = await testApp(configOn(database, { logLevel: 'info' }), {
        clock,
        logger: {
          stream: new Writable({
            write(chunk, _enc, done) {
              lines.push(String(chunk));
              done();
            },
          }),
        },
      });
      try {
        await app.db
          .insertInto('outbox')
          .values(outboxRowsOf([mailJob('quote-visitor', 'CT-DEAD0001', 'jo.bloggs@example.co.uk')], clock()))
          .execute();
        const worker = new OutboxWorker(
          app.db,
          deliverers(async () => {
            throw Object.assign(new Error('550 <jo.bloggs@example.co.uk>: mailbox unavailable'), { responseCode: 550 });
          }),
          app.log,
          { clock },
        );
        for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
          expect(await worker.runDue()).toMatchObject({ attempted: 1, failed: 1 });
          clock.advance(backoffAfter(attempt));
        }
        const alerts = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.alert === 'outbox-dead');
        expect(alerts).toHaveLength(1);
        expect(alerts[0]).toMatchObject({
          level: 50,
          alert: 'outbox-dead',
          kind: 'quote-visitor',
          reference: 'CT-DEAD0001',
          attempt: MAX_ATTEMPTS,
        });
        expect(JSON.stringify(alerts[0])).not.toMatch(/jo\.bloggs|@example/);
        expect(lines.join('')).not.toMatch(/jo\.bloggs/);
      } finally {
        await app.close();
      }
    });
  });

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
