/**
 * The outbox worker's life and its small rules (src/outbox/outbox.ts, jobs.ts), on one SQLite
 * database: start and wake deliver without waiting for the poll, stop waits for the sends in
 * flight, releaseClaims gives claimed rows back, concurrent runDue() calls share one run, a row
 * of an unknown channel fails like any other, and an error is stored without addresses, in one
 * bounded line.
 */
import type { FastifyBaseLogger } from 'fastify';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { DATABASE_FILENAME, openDatabase, type Db } from '../src/db/database';
import {
  BACKOFF_MS,
  MAX_ATTEMPTS,
  OutboxWorker,
  backoffAfter,
  describeError,
  outboxRowsOf,
  priorityOf,
  PRIORITY,
  queueJobs,
  type Deliverers,
  type EnquiryApiPayload,
  type MauticPayload,
  type OutboxJob,
} from '../src/outbox/outbox';
import { linesLog, manualClock, tempDir, until } from './testBasics';

const silent = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  trace() {},
  fatal() {},
  child: () => silent,
  level: 'silent',
  silent() {},
} as unknown as FastifyBaseLogger;

const mailJob = (reference: string, kind = 'quote-sales'): OutboxJob => ({
  channel: 'mail',
  kind,
  reference,
  payload: {
    from: { address: 'quotes@copytech.co.uk' },
    to: [{ address: 'someone@example.com' }],
    subject: reference,
    text: 't',
    html: 'h',
  },
});

// One database for the file (migrating one per test was most of a test's time), emptied before each test.
let db: Db;
let varDir: string;
beforeAll(async () => {
  varDir = tempDir('ct-outbox-worker-');
  db = await openDatabase(varDir);
});
beforeEach(async () => {
  await db.deleteFrom('outbox').execute();
});
afterAll(async () => {
  await db.destroy();
});

const clock = manualClock();
const queue = (...references: string[]) =>
  db
    .insertInto('outbox')
    .values(
      outboxRowsOf(
        references.map((r) => mailJob(r)),
        clock(),
      ),
    )
    .execute();

/** Mail that is recorded; a send waits while `hold` is set. */
function recording() {
  const sent: string[] = [];
  const state = { hold: null as Promise<void> | null };
  const deliverers: Deliverers = {
    mail: async (_message, meta) => {
      if (state.hold) await state.hold;
      sent.push(meta.reference!);
    },
    'enquiry-api': async () => undefined,
    mautic: async () => undefined,
  };
  return { sent, state, deliverers };
}

describe('the worker’s life', () => {
  it('delivers what is due as soon as it starts, and what is queued later when woken, not at the next poll', async () => {
    await queue('A');
    const { sent, deliverers } = recording();
    const worker = new OutboxWorker(db, deliverers, silent, { clock, pollMs: 600_000 });
    worker.wake(); // not started: nothing happens
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toEqual([]);
    worker.start();
    worker.start(); // once is enough
    await until(() => sent.length === 1, 'A sent after start');
    await queue('B');
    worker.wake();
    await until(() => sent.length === 2, 'B sent when woken');
    expect(sent).toEqual(['A', 'B']);
    await worker.stop();
    // stopped: waking it sends nothing more
    await queue('C');
    worker.wake();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toEqual(['A', 'B']);
    // and a run by hand still works
    expect(await worker.runDue()).toEqual({ attempted: 1, sent: 1, failed: 0 });
  });

  it('stop() waits for the send in flight, and can give claimed rows back to every worker', async () => {
    await queue('A');
    const { sent, state, deliverers } = recording();
    let release!: () => void;
    state.hold = new Promise<void>((resolve) => (release = resolve));
    const worker = new OutboxWorker(db, deliverers, silent, { clock, pollMs: 600_000 });
    worker.start();
    await until(() => worker.deliveriesInFlight === 1, 'A in flight');
    // claimed: its next attempt is a lease away, and it is marked as this worker's
    const claimed = await db.selectFrom('outbox').select(['next_attempt_at', 'claimed_by']).executeTakeFirstOrThrow();
    expect(claimed).toEqual({ next_attempt_at: clock() + 30_000, claimed_by: worker.id });
    // given back while in flight (as a shutdown that cannot wait would): due now, nobody's
    expect(await worker.releaseClaims()).toBe(1);
    expect(await db.selectFrom('outbox').select(['next_attempt_at', 'claimed_by']).executeTakeFirstOrThrow()).toEqual({
      next_attempt_at: clock(),
      claimed_by: null,
    });
    let stopped = false;
    const stopping = worker.stop({ releaseClaims: true }).then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(sent).toEqual(['A']);
    expect(worker.deliveriesInFlight).toBe(0);
    // nothing claimed is left to give back
    expect(await worker.releaseClaims()).toBe(0);
  });

  it('stop({ releaseClaims: true }) gives back a claim left behind, and only this worker’s', async () => {
    const worker = new OutboxWorker(db, recording().deliverers, silent, { clock, pollMs: 600_000 });
    const [mine, theirs] = outboxRowsOf([mailJob('MINE'), mailJob('THEIRS')], clock() + 20_000);
    await db
      .insertInto('outbox')
      .values([
        { ...mine!, claimed_by: worker.id },
        { ...theirs!, claimed_by: 'another-worker' },
      ])
      .execute();
    await worker.stop();
    expect(await db.selectFrom('outbox').select('claimed_by').where('reference', '=', 'MINE').executeTakeFirstOrThrow()).toEqual({
      claimed_by: worker.id,
    });
    await worker.stop({ releaseClaims: true });
    const rows = await db.selectFrom('outbox').select(['reference', 'next_attempt_at', 'claimed_by']).orderBy('reference').execute();
    expect(rows).toEqual([
      { reference: 'MINE', next_attempt_at: clock(), claimed_by: null },
      { reference: 'THEIRS', next_attempt_at: clock() + 20_000, claimed_by: 'another-worker' },
    ]);
  });

  it('shares one run between calls made meanwhile: what was queued meanwhile goes out once, in that run', async () => {
    await queue('A');
    const { sent, state, deliverers } = recording();
    let release!: () => void;
    state.hold = new Promise<void>((resolve) => (release = resolve));
    const worker = new OutboxWorker(db, deliverers, silent, { clock, pollMs: 600_000 });
    const first = worker.runDue();
    await until(() => worker.deliveriesInFlight === 1, 'A in flight');
    // queued after the first run looked; a second call joins that run rather than starting its own
    await queue('B');
    const second = worker.runDue();
    state.hold = null;
    release();
    const [a, b] = await Promise.all([first, second]);
    expect(b).toEqual({ attempted: 2, sent: 2, failed: 0 });
    expect(a).toEqual(b);
    expect(sent).toEqual(['A', 'B']);
  });
});

describe('a call made as a run ends', () => {
  it('gets a run of its own for what was queued meanwhile', async () => {
    await queue('A');
    const other = new BetterSqlite3(path.join(varDir, DATABASE_FILENAME));
    // visitor mail: the look that finds nothing is the one for visitor mail, the first of each claim; C is refused
    const later = outboxRowsOf([mailJob('B', 'quote-visitor'), mailJob('C', 'quote-visitor')], clock());
    const columns = Object.keys(later[0]!);
    let aSent = false;
    let second: Promise<unknown> | null = null;
    // once A is sent, the first look that finds nothing: B and C are queued, and runDue() called, after it looked
    const looks = new Set<unknown>();
    const racing = db.withPlugin({
      transformQuery(args) {
        if (args.node.kind === 'SelectQueryNode') looks.add(args.queryId);
        return args.node;
      },
      async transformResult(args) {
        if (aSent && !second && looks.has(args.queryId) && args.result.rows.length === 0) {
          const insert = other.prepare(`INSERT INTO outbox (${columns.join(', ')}) VALUES (${columns.map((k) => `@${k}`).join(', ')})`);
          for (const row of later) insert.run(row);
          second = worker.runDue();
        }
        return args.result;
      },
    });
    const { sent, deliverers } = recording();
    const worker = new OutboxWorker(
      racing,
      {
        ...deliverers,
        mail: async (message, meta) => {
          if (meta.reference === 'C') throw new Error('refused');
          await deliverers.mail(message, meta);
          aSent = true;
        },
      },
      silent,
      { clock, concurrency: 1 },
    );
    const first = await worker.runDue();
    other.close();
    expect(second).not.toBeNull();
    expect(sent).toEqual(['A', 'B']);
    expect(first).toEqual({ attempted: 3, sent: 2, failed: 1 });
    expect(await db.selectFrom('outbox').select(['reference', 'attempts']).where('status', '=', 'pending').execute()).toEqual([
      { reference: 'C', attempts: 1 },
    ]);
  });
});

describe('a delivery that fails', () => {
  it('is tried again after the backoff, its error kept; a row of an unknown channel fails like any other', async () => {
    await db
      .insertInto('outbox')
      .values({ ...outboxRowsOf([mailJob('X')], clock())[0]!, channel: 'carrier-pigeon' })
      .execute();
    const worker = new OutboxWorker(db, recording().deliverers, silent, { clock, pollMs: 600_000 });
    expect(await worker.runDue()).toEqual({ attempted: 1, sent: 0, failed: 1 });
    expect(
      await db.selectFrom('outbox').select(['status', 'attempts', 'next_attempt_at', 'last_error', 'claimed_by']).executeTakeFirstOrThrow(),
    ).toEqual({
      status: 'pending',
      attempts: 1,
      next_attempt_at: clock() + 5_000,
      last_error: 'unknown outbox channel carrier-pigeon',
      claimed_by: null,
    });
  });
});

describe('the small rules', () => {
  it('priority: visitor mail, then other mail, then outside services', () => {
    expect(priorityOf({ channel: 'mail', kind: 'report-visitor' })).toBe(PRIORITY.visitor);
    expect(priorityOf({ channel: 'mail', kind: 'visitor-digest' })).toBe(PRIORITY.staff);
    expect(priorityOf({ channel: 'enquiry-api', kind: 'quote-visitor' })).toBe(PRIORITY.service);
    expect([PRIORITY.visitor, PRIORITY.staff, PRIORITY.service]).toEqual([0, 1, 2]);
  });

  it('backoff: the first step for anything below one attempt, the last for anything past the list', () => {
    expect(backoffAfter(0)).toBe(5_000);
    expect(backoffAfter(-3)).toBe(5_000);
    expect(backoffAfter(BACKOFF_MS.length)).toBe(BACKOFF_MS[BACKOFF_MS.length - 1]);
    expect(backoffAfter(BACKOFF_MS.length + 1)).toBe(BACKOFF_MS[BACKOFF_MS.length - 1]);
  });

  it('an error is stored as one line, without addresses, at most 300 characters', () => {
    expect(describeError(new Error('mail for jo.bloggs@example.co.uk\n  and sam@example.com refused'))).toBe(
      'mail for [address] and [address] refused',
    );
    expect(describeError(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT', responseCode: '421' }))).toBe('ETIMEDOUT timeout');
    expect(describeError(Object.assign(new Error('busy'), { code: 42, responseCode: 421 }))).toBe('421 busy');
    expect(describeError('plain words')).toBe('plain words');
    expect(describeError(undefined)).toBe('undefined');
    expect(describeError(new Error('x'.repeat(400)))).toBe('x'.repeat(300));
    expect(describeError(new Error('<"a@b.c">'))).toBe('<"[address]">');
  });
});

/** Lines written by linesLog(), read back. */
const parsed = (lines: string[]) => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

/** The database with a switch that makes the queries it picks fail, as a database gone away would. */
function failing(pick: (kind: string) => boolean, error = 'database is away') {
  const state = { on: false };
  const failingDb = db.withPlugin({
    transformQuery(args) {
      if (state.on && pick(args.node.kind)) throw new Error(error);
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  return { failingDb, state };
}

describe('the worker’s timing (fake timers: the waits are only waited out)', () => {
  beforeEach(() => {
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'clearImmediate', 'nextTick', 'queueMicrotask', 'performance', 'hrtime'] });
  });
  afterEach(() => {
    jest.useRealTimers();
  });
  /** Moves the timers on, then lets the database's promises settle. */
  const advance = async (ms: number) => {
    await jest.advanceTimersByTimeAsync(ms);
    for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve));
  };

  it('looks for due rows a second after each run when nothing wakes it, and not at all once stopped', async () => {
    const { sent, deliverers } = recording();
    const worker = new OutboxWorker(db, deliverers, silent, { clock });
    worker.start();
    await advance(0);
    await queue('A');
    await advance(999);
    expect(sent).toEqual([]);
    await advance(1);
    expect(sent).toEqual(['A']);
    await queue('B');
    await advance(999);
    expect(sent).toEqual(['A']);
    await advance(1);
    expect(sent).toEqual(['A', 'B']);
    await worker.stop();
    await queue('C');
    await advance(60_000);
    expect(sent).toEqual(['A', 'B']);
  });

  it('a wake replaces the poll it comes before: one poll a second after the woken run, none at the old time', async () => {
    const { sent, deliverers } = recording();
    const worker = new OutboxWorker(db, deliverers, silent, { clock });
    worker.start();
    await advance(500);
    worker.wake();
    await advance(0);
    await queue('A');
    await advance(500);
    expect(sent).toEqual([]);
    await advance(499);
    expect(sent).toEqual([]);
    await advance(1);
    expect(sent).toEqual(['A']);
    await worker.stop();
  });

  it('once stopping, claims nothing more, and a run that was going on schedules no other', async () => {
    await queue('A', 'B');
    const { sent, state, deliverers } = recording();
    let release!: () => void;
    state.hold = new Promise<void>((resolve) => (release = resolve));
    const worker = new OutboxWorker(db, deliverers, silent, { clock, concurrency: 1 });
    worker.start();
    await advance(0);
    expect(worker.deliveriesInFlight).toBe(1);
    const stopping = worker.stop();
    release();
    await stopping;
    expect(sent).toEqual(['A']);
    await advance(60_000);
    expect(sent).toEqual(['A']);
    expect(await db.selectFrom('outbox').select(['reference', 'status']).orderBy('reference').execute()).toEqual([
      { reference: 'A', status: 'sent' },
      { reference: 'B', status: 'pending' },
    ]);
  });

  it('once stopping, does not fill even the newest visitor mail’s slot', async () => {
    await queue('S');
    const { sent, state, deliverers } = recording();
    let release!: () => void;
    state.hold = new Promise<void>((resolve) => (release = resolve));
    const worker = new OutboxWorker(db, deliverers, silent, { clock, concurrency: 3 });
    const run = worker.runDue();
    await advance(0);
    expect(worker.deliveriesInFlight).toBe(1);
    await db
      .insertInto('outbox')
      .values(outboxRowsOf([mailJob('V', 'quote-visitor')], clock()))
      .execute();
    const stopping = worker.stop();
    release();
    await stopping;
    expect(await run).toEqual({ attempted: 1, sent: 1, failed: 0 });
    expect(sent).toEqual(['S']);
    expect(await db.selectFrom('outbox').select(['status', 'claimed_by']).where('reference', '=', 'V').executeTakeFirstOrThrow()).toEqual({
      status: 'pending',
      claimed_by: null,
    });
  });

  it('renews the leases of the rows being sent every third of the lease', async () => {
    const now = manualClock();
    await db
      .insertInto('outbox')
      .values(outboxRowsOf([mailJob('A')], now()))
      .execute();
    const { state, deliverers } = recording();
    let release!: () => void;
    state.hold = new Promise<void>((resolve) => (release = resolve));
    const worker = new OutboxWorker(db, deliverers, silent, { clock: now, leaseMs: 2_000 });
    const lease = async () => (await db.selectFrom('outbox').select('next_attempt_at').executeTakeFirstOrThrow()).next_attempt_at;
    // a run that ends leaves no renewal behind: one left running would renew out of step with the next run's
    await db
      .updateTable('outbox')
      .set({ next_attempt_at: now() + 60_000 })
      .execute();
    expect(await worker.runDue()).toEqual({ attempted: 0, sent: 0, failed: 0 });
    await advance(300);
    await db.updateTable('outbox').set({ next_attempt_at: now() }).execute();
    const run = worker.runDue();
    await advance(0);
    const claimedAt = now();
    expect(await lease()).toBe(claimedAt + 2_000);
    now.advance(100);
    await advance(665);
    expect(await lease()).toBe(claimedAt + 2_000);
    await advance(1);
    expect(await lease()).toBe(claimedAt + 100 + 2_000);
    now.advance(100);
    await advance(666);
    expect(await lease()).toBe(claimedAt + 200 + 2_000);
    release();
    expect(await run).toEqual({ attempted: 1, sent: 1, failed: 0 });
  });

  it('logs a lease renewal that fails, and still delivers the row', async () => {
    await queue('A');
    const { failingDb, state: database } = failing((kind) => kind === 'UpdateQueryNode');
    const { sent, state, deliverers } = recording();
    let release!: () => void;
    state.hold = new Promise<void>((resolve) => (release = resolve));
    const lines: string[] = [];
    const worker = new OutboxWorker(failingDb, deliverers, linesLog(lines) as unknown as FastifyBaseLogger, { clock, renewEveryMs: 100 });
    const run = worker.runDue();
    await advance(0);
    database.on = true;
    await advance(100);
    expect(parsed(lines)).toEqual([{ level: 50, err: 'database is away', msg: 'outbox: lease renewal failed' }]);
    database.on = false;
    release();
    expect(await run).toEqual({ attempted: 1, sent: 1, failed: 0 });
    expect(sent).toEqual(['A']);
  });

  it('logs a run that fails, and looks again at the next poll', async () => {
    await queue('A');
    const { failingDb, state: database } = failing((kind) => kind === 'SelectQueryNode');
    const { sent, deliverers } = recording();
    const lines: string[] = [];
    const worker = new OutboxWorker(failingDb, deliverers, linesLog(lines) as unknown as FastifyBaseLogger, { clock });
    database.on = true;
    worker.start();
    await advance(0);
    expect(parsed(lines)).toEqual([{ level: 50, err: 'database is away', msg: 'outbox run failed' }]);
    expect(sent).toEqual([]);
    database.on = false;
    await advance(1_000);
    expect(sent).toEqual(['A']);
    await worker.stop();
  });
});

describe('what a delivery records', () => {
  it('a failed attempt, then the sent one: each in the row, the log and the attempt’s hearer', async () => {
    const now = manualClock();
    await db
      .insertInto('outbox')
      .values(outboxRowsOf([mailJob('A')], now()))
      .execute();
    const { id } = await db.selectFrom('outbox').select('id').executeTakeFirstOrThrow();
    let fail = true;
    const lines: string[] = [];
    const attempts: Array<[string, boolean, number]> = [];
    const worker = new OutboxWorker(
      db,
      {
        mail: async () => {
          await new Promise((resolve) => setTimeout(resolve, 30));
          if (fail) throw Object.assign(new Error('try again later'), { responseCode: 451 });
        },
        'enquiry-api': async () => undefined,
        mautic: async () => undefined,
      },
      linesLog(lines) as unknown as FastifyBaseLogger,
      { clock: now, onAttempt: (kind, sent, seconds) => void attempts.push([kind, sent, seconds]) },
    );
    const row = () =>
      db
        .selectFrom('outbox')
        .select(['status', 'attempts', 'next_attempt_at', 'last_error', 'sent_at', 'claimed_by'])
        .executeTakeFirstOrThrow();
    const meta = { outboxId: id, channel: 'mail', kind: 'quote-sales', reference: 'A' };

    expect(await worker.runDue()).toEqual({ attempted: 1, sent: 0, failed: 1 });
    const retryAt = now() + 5_000;
    expect(await row()).toEqual({
      status: 'pending',
      attempts: 1,
      next_attempt_at: retryAt,
      last_error: '451 try again later',
      sent_at: null,
      claimed_by: null,
    });
    expect(parsed(lines)).toEqual([
      {
        level: 40,
        ...meta,
        attempt: 1,
        error: '451 try again later',
        retryAt: new Date(retryAt).toISOString(),
        msg: 'outbox: delivery failed, will retry',
      },
    ]);

    now.advance(4_999);
    expect(await worker.runDue()).toEqual({ attempted: 0, sent: 0, failed: 0 });
    now.advance(1);
    fail = false;
    lines.length = 0;
    expect(await worker.runDue()).toEqual({ attempted: 1, sent: 1, failed: 0 });
    expect(await row()).toEqual({
      status: 'sent',
      attempts: 2,
      next_attempt_at: now() + 30_000,
      last_error: null,
      sent_at: new Date(now()).toISOString(),
      claimed_by: null,
    });
    expect(parsed(lines)).toEqual([{ level: 30, ...meta, attempt: 2, msg: 'outbox: delivered' }]);
    // each attempt heard: its kind, whether it was sent, and the seconds it took (each took 30 ms or more)
    expect(attempts.map(([kind, sent]) => [kind, sent])).toEqual([
      ['quote-sales', false],
      ['quote-sales', true],
    ]);
    for (const [, , seconds] of attempts) {
      expect(seconds).toBeGreaterThanOrEqual(0.025);
      expect(seconds).toBeLessThan(10);
    }
  });

  it('the last attempt: the row is dead, with its error, and is never tried again', async () => {
    const now = manualClock();
    const [row] = outboxRowsOf([mailJob('L')], now());
    await db
      .insertInto('outbox')
      .values({ ...row!, attempts: MAX_ATTEMPTS - 1 })
      .execute();
    const lines: string[] = [];
    const worker = new OutboxWorker(
      db,
      {
        mail: async () => {
          throw new Error('550 mailbox unavailable');
        },
        'enquiry-api': async () => undefined,
        mautic: async () => undefined,
      },
      linesLog(lines) as unknown as FastifyBaseLogger,
      { clock: now },
    );
    expect(await worker.runDue()).toEqual({ attempted: 1, sent: 0, failed: 1 });
    expect(await db.selectFrom('outbox').select(['status', 'attempts', 'last_error', 'claimed_by']).executeTakeFirstOrThrow()).toEqual({
      status: 'dead',
      attempts: MAX_ATTEMPTS,
      last_error: '550 mailbox unavailable',
      claimed_by: null,
    });
    expect(parsed(lines)).toEqual([
      {
        level: 50,
        alert: 'outbox-dead',
        outboxId: row!.id,
        channel: 'mail',
        kind: 'quote-sales',
        reference: 'L',
        attempt: MAX_ATTEMPTS,
        error: '550 mailbox unavailable',
        msg: 'outbox: giving up after the last attempt; the row is dead',
      },
    ]);
    now.advance(365 * 24 * 3_600_000);
    expect(await worker.runDue()).toEqual({ attempted: 0, sent: 0, failed: 0 });
  });

  it('hands each channel’s deliverer its payload, and mail the row’s id, kind and reference', async () => {
    const enquiry: EnquiryApiPayload = { type: 'quote', reference: 'CT-1', createdAt: '2026-11-20T09:00:00.000Z', data: { pages: 3 } };
    const form: MauticPayload = { formId: '7', fields: { email: 'jo@example.com' } };
    const visitorMail = mailJob('CT-1', 'quote-visitor');
    await db
      .insertInto('outbox')
      .values(
        outboxRowsOf(
          [
            visitorMail,
            { channel: 'enquiry-api', kind: 'quote-forward', reference: 'CT-1', payload: enquiry },
            { channel: 'mautic', kind: 'newsletter-forward', reference: null, payload: form },
          ],
          clock(),
        ),
      )
      .execute();
    const { id } = await db.selectFrom('outbox').select('id').where('channel', '=', 'mail').executeTakeFirstOrThrow();
    const calls: unknown[] = [];
    const worker = new OutboxWorker(
      db,
      {
        mail: async (message, meta) => void calls.push(['mail', message, meta]),
        'enquiry-api': async (payload) => void calls.push(['enquiry-api', payload]),
        mautic: async (payload) => void calls.push(['mautic', payload]),
      },
      silent,
      { clock, concurrency: 1 },
    );
    expect(await worker.runDue()).toEqual({ attempted: 3, sent: 3, failed: 0 });
    expect(calls).toEqual([
      ['mail', visitorMail.payload, { id, kind: 'quote-visitor', reference: 'CT-1' }],
      ['enquiry-api', enquiry],
      ['mautic', form],
    ]);
  });

  it('a send it could not record counts as failed, and is logged', async () => {
    await queue('A');
    const { id } = await db.selectFrom('outbox').select('id').executeTakeFirstOrThrow();
    const { failingDb, state: database } = failing((kind) => kind === 'UpdateQueryNode', 'disk full');
    const lines: string[] = [];
    const worker = new OutboxWorker(
      failingDb,
      {
        mail: async () => void (database.on = true),
        'enquiry-api': async () => undefined,
        mautic: async () => undefined,
      },
      linesLog(lines) as unknown as FastifyBaseLogger,
      { clock },
    );
    expect(await worker.runDue()).toEqual({ attempted: 1, sent: 0, failed: 1 });
    expect(parsed(lines)).toEqual([{ level: 50, outboxId: id, err: 'disk full', msg: 'outbox: could not record a delivery' }]);
    expect(worker.deliveriesInFlight).toBe(0);
  });

  it('queueJobs stores the jobs with the write they belong to, or not at all', async () => {
    const T = Date.parse('2026-11-20T10:00:00Z');
    await db.transaction().execute(async (trx) => queueJobs(trx, [mailJob('KEPT', 'quote-visitor')], T));
    await expect(
      db.transaction().execute(async (trx) => {
        await queueJobs(trx, [mailJob('LOST')], T);
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    const rows = await db.selectFrom('outbox').selectAll().execute();
    expect(rows.map(({ id: _id, ...row }) => row)).toEqual([
      {
        channel: 'mail',
        kind: 'quote-visitor',
        reference: 'KEPT',
        payload: JSON.stringify(mailJob('KEPT').payload),
        status: 'pending',
        attempts: 0,
        next_attempt_at: T,
        last_error: null,
        created_at: '2026-11-20T10:00:00.000Z',
        sent_at: null,
        claimed_by: null,
        priority: PRIORITY.visitor,
      },
    ]);
    expect(rows[0]!.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('how many sends are in flight', () => {
  it('ten unless told otherwise, and never fewer than one', async () => {
    for (const [concurrency, most] of [
      [undefined, 10],
      [0, 1],
    ] as const) {
      await queue(...Array.from({ length: 12 }, (_, i) => `${concurrency}-${i}`));
      const { sent, state, deliverers } = recording();
      let release!: () => void;
      state.hold = new Promise<void>((resolve) => (release = resolve));
      const worker = new OutboxWorker(db, deliverers, silent, { clock, concurrency });
      const run = worker.runDue();
      await until(() => worker.deliveriesInFlight === most, `${most} in flight`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(worker.deliveriesInFlight).toBe(most);
      release();
      expect(await run).toEqual({ attempted: 12, sent: 12, failed: 0 });
      expect(sent).toHaveLength(12);
    }
  });
});

describe('a row another worker has taken over', () => {
  it('is left to it: this worker renews no lease of it, and records no failed attempt, last or not', async () => {
    const now = manualClock();
    const [retry, last] = outboxRowsOf([mailJob('R'), mailJob('L')], now());
    await db
      .insertInto('outbox')
      .values([retry!, { ...last!, attempts: MAX_ATTEMPTS - 1 }])
      .execute();
    let failA!: (error: Error) => void;
    const failed = new Promise<void>((_resolve, reject) => (failA = reject));
    failed.catch(() => undefined);
    const linesA: string[] = [];
    // A's leases are renewed every 10 ms (real time), yet have run out on its clock: a stalled loop
    const a = new OutboxWorker(
      db,
      { mail: () => failed, 'enquiry-api': async () => undefined, mautic: async () => undefined },
      linesLog(linesA) as unknown as FastifyBaseLogger,
      { clock: now, concurrency: 2, leaseMs: 1_000, renewEveryMs: 10 },
    );
    const runA = a.runDue();
    await until(() => a.deliveriesInFlight === 2, 'A sending both');
    const { sent, state, deliverers } = recording();
    let releaseB!: () => void;
    state.hold = new Promise<void>((resolve) => (releaseB = resolve));
    const b = new OutboxWorker(db, deliverers, silent, { clock: () => now() + 1_000, concurrency: 2 });
    const runB = b.runDue();
    await until(() => b.deliveriesInFlight === 2, 'B sending both');
    const takenOver = { status: 'pending', next_attempt_at: now() + 1_000 + 30_000, last_error: null, claimed_by: b.id };
    const rows = () =>
      db
        .selectFrom('outbox')
        .select(['reference', 'status', 'attempts', 'next_attempt_at', 'last_error', 'claimed_by'])
        .orderBy('reference')
        .execute();
    // A's renewals meanwhile leave B's lease as it is
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await rows()).toEqual([
      { reference: 'L', attempts: MAX_ATTEMPTS - 1, ...takenOver },
      { reference: 'R', attempts: 0, ...takenOver },
    ]);
    failA(new Error('connection lost'));
    expect(await runA).toEqual({ attempted: 2, sent: 0, failed: 2 });
    expect(await rows()).toEqual([
      { reference: 'L', attempts: MAX_ATTEMPTS - 1, ...takenOver },
      { reference: 'R', attempts: 0, ...takenOver },
    ]);
    expect(parsed(linesA).filter((line) => line.alert === 'outbox-dead')).toEqual([]);
    releaseB();
    expect(await runB).toEqual({ attempted: 2, sent: 2, failed: 0 });
    expect(sent.sort()).toEqual(['L', 'R']);
  });
});
