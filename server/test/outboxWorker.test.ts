/**
 * The outbox worker's life and its small rules (src/outbox/outbox.ts, jobs.ts), on one SQLite
 * database: start and wake deliver without waiting for the poll, stop waits for the sends in
 * flight, releaseClaims gives claimed rows back, concurrent runDue() calls share one run, a row
 * of an unknown channel fails like any other, and an error is stored without addresses, in one
 * bounded line.
 */
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase, type Db } from '../src/db/database';
import {
  BACKOFF_MS,
  OutboxWorker,
  backoffAfter,
  describeError,
  outboxRowsOf,
  priorityOf,
  PRIORITY,
  type Deliverers,
  type OutboxJob,
} from '../src/outbox/outbox';
import { manualClock, tempDir } from './testBasics';

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

/** Waits (real time) until the condition holds, or fails with the message. */
async function until(condition: () => boolean, message: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out: ${message}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

let db: Db;
beforeEach(async () => {
  db = await openDatabase(tempDir('ct-outbox-worker-'));
});
afterEach(async () => {
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
