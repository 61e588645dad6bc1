/**
 * The outbox worker's delivery order, concurrency and claims: visitor mail first, bounded
 * deliveries in flight with no pause while rows are due, a short lease renewed while a send is
 * in progress (a dead worker's row is taken over soon, a slow live one is not), and an
 * alert-level log line when a row turns dead. Each on a database of its own, without an app (what
 * goes through the app, the Message-ID and a backlog into a real SMTP server, is in
 * outboxThroughApp.test.ts).
 */
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
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
import { openDatabase, type Db } from '../src/db/database';
import { databaseSettings, databases, type DatabaseKind } from './postgres';
import { linesLog, mailJob, manualClock, tempDir, until } from './testBasics';

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

/** A database of the test's own (migrated), with no app around it: the worker is what is tried. */
const openDb = (database: DatabaseKind): Promise<Db> => openDatabase(tempDir('ct-outbox-'), databaseSettings(database));

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
    const db = await openDb(database);
    try {
      const t = clock();
      const insert = (job: OutboxJob, dueAt: number) =>
        db
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
        db,
        { mail: (_m, meta) => record(meta.reference), 'enquiry-api': async () => undefined, mautic: async () => record('svc-old') },
        silent,
        { clock, concurrency: 1 },
      );
      expect(await worker.runDue()).toEqual({ attempted: 5, sent: 5, failed: 0 });
      expect(order).toEqual(['visitor-old', 'visitor-new', 'staff-old', 'staff-new', 'svc-old']);
    } finally {
      await db.destroy();
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
      const db = await openDb(database);
      try {
        const t = clock();
        await db
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
          db,
          deliverers(async (_m, meta) => {
            order.push(meta.reference!);
            if (order.length === 10 && !inserted) {
              inserted = true;
              await db
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
        await db.destroy();
      }
    });
  });

  describe('concurrency', () => {
    it('keeps up to N deliveries in flight and delivers every due row in one run, without pausing', async () => {
      const db = await openDb(database);
      try {
        await db
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
          db,
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
        expect(await db.selectFrom('outbox').select('status').where('status', '!=', 'sent').execute()).toEqual([]);
      } finally {
        await db.destroy();
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
      const db = await openDb(database);
      try {
        await db
          .insertInto('outbox')
          .values(outboxRowsOf([mailJob('quote-visitor', 'CT-CRASH')], clock()))
          .execute();
        // Worker A claims the row and then never does anything again (its process died):
        // its send never returns and its lease is never renewed.
        let failA: (error: Error) => void = () => undefined;
        let calledA = false;
        const a = new OutboxWorker(
          db,
          deliverers(() => {
            calledA = true;
            return new Promise((_resolve, reject) => (failA = reject));
          }),
          silent,
          { clock, renewEveryMs: 3_600_000 },
        );
        const runA = a.runDue();
        await until(() => calledA, 'worker A to start the send');
        expect(await db.selectFrom('outbox').select(['next_attempt_at', 'claimed_by']).executeTakeFirstOrThrow()).toEqual({
          next_attempt_at: clock() + LEASE_MS,
          claimed_by: a.id,
        });
        expect(LEASE_MS).toBeLessThanOrEqual(30_000);

        const sentByB: string[] = [];
        const b = new OutboxWorker(
          db,
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
        expect(await db.selectFrom('outbox').select(['status', 'attempts']).executeTakeFirstOrThrow()).toEqual({
          status: 'sent',
          attempts: 1,
        });
      } finally {
        await db.destroy();
      }
    });

    it('is renewed while a slow send is in progress, so a live worker keeps its row', async () => {
      const clock = manualClock();
      const db = await openDb(database);
      try {
        await db
          .insertInto('outbox')
          .values(outboxRowsOf([mailJob('quote-visitor', 'CT-SLOW')], clock()))
          .execute();
        let finish: () => void = () => undefined;
        let calledA = false;
        const a = new OutboxWorker(
          db,
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
          db,
          deliverers(async () => void calledB++),
          silent,
          { clock },
        );
        const leaseEnd = async () => (await db.selectFrom('outbox').select('next_attempt_at').executeTakeFirstOrThrow()).next_attempt_at;
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
        expect(await db.selectFrom('outbox').select(['status', 'attempts', 'claimed_by']).executeTakeFirstOrThrow()).toEqual({
          status: 'sent',
          attempts: 1,
          claimed_by: null,
        });
        expect(await b.runDue()).toMatchObject({ attempted: 0 });
      } finally {
        await db.destroy();
      }
    });
  });

  describe('a row that turns dead', () => {
    it('is logged at error level with alert: outbox-dead, and no personal data', async () => {
      const clock = manualClock();
      const lines: string[] = [];
      const db = await openDb(database);
      try {
        await db
          .insertInto('outbox')
          .values(outboxRowsOf([mailJob('quote-visitor', 'CT-DEAD0001', 'jo.bloggs@example.co.uk')], clock()))
          .execute();
        const worker = new OutboxWorker(
          db,
          deliverers(async () => {
            throw Object.assign(new Error('550 <jo.bloggs@example.co.uk>: mailbox unavailable'), { responseCode: 550 });
          }),
          linesLog(lines) as unknown as FastifyBaseLogger,
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
        await db.destroy();
      }
    });
  });
});
