/**
 * Two outbox workers claiming at once on one SQLite database (src/outbox/outbox.ts), each on its
 * own connection to the file as two server processes would be: every row is delivered exactly
 * once between them. The claim is a conditional update (only while next_attempt_at is the value
 * the worker read), and this counts each row's deliveries, as severalInstances.test.ts does on
 * PostgreSQL.
 */
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import { DATABASE_FILENAME, openDatabase, type Db } from '../src/db/database';
import { OutboxWorker, PRIORITY, outboxRowsOf, type Deliverers, type OutboxJob } from '../src/outbox/outbox';
import { tempDir } from './testBasics';

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

const mailJob = (reference: string): OutboxJob => ({
  channel: 'mail',
  kind: 'quote-visitor',
  reference,
  payload: {
    from: { address: 'quotes@copytech.co.uk' },
    to: [{ address: 'someone@example.com' }],
    subject: reference,
    text: 't',
    html: 'h',
  },
});

/** A worker that counts what it delivers, each send taking a moment so the two interleave. */
function worker(db: Db, delivered: Map<string, number>): OutboxWorker {
  return new OutboxWorker(
    db,
    {
      mail: async (_message, meta) => {
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 2));
        delivered.set(meta.reference!, (delivered.get(meta.reference!) ?? 0) + 1);
      },
      'enquiry-api': async () => undefined,
      mautic: async () => undefined,
    },
    silent,
    { concurrency: 5, pollMs: 60_000 },
  );
}

describe('two outbox workers claiming at once on SQLite', () => {
  let first: Db;
  let second: Db;
  beforeEach(async () => {
    const varDir = tempDir('ct-claims-');
    first = await openDatabase(varDir);
    second = await openDatabase(varDir);
  });
  afterEach(async () => {
    await first.destroy();
    await second.destroy();
  });

  it('deliver every row exactly once between them', async () => {
    const N = 200;
    const references = Array.from({ length: N }, (_, i) => `S${i}`);
    await first
      .insertInto('outbox')
      .values(outboxRowsOf(references.map(mailJob), Date.now()))
      .execute();
    const delivered = new Map<string, number>();
    const [ra, rb] = await Promise.all([worker(first, delivered).runDue(), worker(second, delivered).runDue()]);

    // both took part, and no row went out twice
    expect(ra.sent).toBeGreaterThan(0);
    expect(rb.sent).toBeGreaterThan(0);
    expect([...delivered.values()].filter((times) => times !== 1)).toEqual([]);
    expect([...delivered.keys()].sort()).toEqual([...references].sort());
    expect(ra.sent + rb.sent).toBe(N);
    expect({ attempted: ra.attempted + rb.attempted, failed: ra.failed + rb.failed }).toEqual({ attempted: N, failed: 0 });
    const rows = await second.selectFrom('outbox').select(['status', 'attempts', 'claimed_by']).distinct().execute();
    expect(rows).toEqual([{ status: 'sent', attempts: 1, claimed_by: null }]);
  });
});

/**
 * What one worker claims, and in which order (OutboxWorker's claim()): each row's delivery is
 * held open until the test lets it finish, so the order the sends start in is the claim order.
 */
describe('one worker’s claims', () => {
  // one database for these cases (migrating one per case was most of a case's time), emptied before each
  let db: Db;
  let varDir: string;
  beforeAll(async () => {
    varDir = tempDir('ct-claim-order-');
    db = await openDatabase(varDir);
  });
  beforeEach(async () => {
    await db.deleteFrom('outbox').execute();
  });
  afterAll(async () => {
    await db.destroy();
  });

  const T = Date.parse('2026-11-20T09:00:00Z');

  /** Rows with chosen ids (their key order is not their claim order), priorities and due times. */
  async function queue(rows: Array<{ id: string; priority: number; dueAgoMs: number }>): Promise<void> {
    await db
      .insertInto('outbox')
      .values(
        rows.map(({ id, priority, dueAgoMs }) => ({
          ...outboxRowsOf([mailJob(id)], T - dueAgoMs)[0]!,
          id,
          priority,
        })),
      )
      .execute();
  }

  /** A worker whose sends wait until let go: `started` lists the references in the order sent. */
  function heldWorker(options: ConstructorParameters<typeof OutboxWorker>[3]) {
    const started: string[] = [];
    const waiting = new Map<string, () => void>();
    const mail: Deliverers['mail'] = (_message, meta) =>
      new Promise<void>((resolve) => {
        started.push(meta.reference!);
        waiting.set(meta.reference!, resolve);
      });
    const worker = new OutboxWorker(db, { mail, 'enquiry-api': async () => undefined, mautic: async () => undefined }, silent, {
      pollMs: 60_000,
      ...options,
    });
    /** Lets one send finish, then waits until the worker has done all it will do meanwhile. */
    const finish = async (reference: string) => {
      const resolve = waiting.get(reference);
      if (!resolve) throw new Error(`${reference} is not being sent (sent so far: ${started.join(' ')})`);
      waiting.delete(reference);
      resolve();
      await settle();
    };
    return { worker, started, finish };
  }

  /** Real time for the worker's queries and claims to run their course. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

  it('fills the free slots by priority then due time, one slot taking the newest visitor mail', async () => {
    // keys in the reverse of the claim order, so rows read back by key come back in the wrong order
    await queue([
      { id: 'k9', priority: PRIORITY.visitor, dueAgoMs: 50 }, // V0: the oldest visitor mail
      { id: 'k8', priority: PRIORITY.visitor, dueAgoMs: 40 }, // V1
      { id: 'k7', priority: PRIORITY.visitor, dueAgoMs: 30 }, // V2
      { id: 'k6', priority: PRIORITY.visitor, dueAgoMs: 20 }, // V3
      { id: 'k5', priority: PRIORITY.visitor, dueAgoMs: 10 }, // V4: the newest
      { id: 'k4', priority: PRIORITY.staff, dueAgoMs: 100 },
      { id: 'k3', priority: PRIORITY.service, dueAgoMs: 200 },
    ]);
    const { worker, started, finish } = heldWorker({ clock: () => T, concurrency: 3 });
    const run = worker.runDue();
    await settle();
    // the newest visitor mail in its own slot, then the oldest first; older staff and service rows wait
    expect(started).toEqual(['k5', 'k9', 'k8']);
    expect(worker.deliveriesInFlight).toBe(3);

    // a slot frees while the newest slot is busy: the oldest visitor mail left, never a second newest
    await finish('k9');
    expect(started).toEqual(['k5', 'k9', 'k8', 'k7']);

    // the newest slot frees: it takes the newest visitor mail due now
    await finish('k5');
    expect(started).toEqual(['k5', 'k9', 'k8', 'k7', 'k6']);

    // no visitor mail left: staff, then outside services
    await finish('k8');
    expect(started.slice(5)).toEqual(['k4']);
    await finish('k7');
    expect(started.slice(5)).toEqual(['k4', 'k3']);
    expect(worker.deliveriesInFlight).toBe(3);

    for (const reference of ['k6', 'k4', 'k3']) await finish(reference);
    expect(await run).toEqual({ attempted: 7, sent: 7, failed: 0 });
    expect(started).toHaveLength(7);
  });

  it('with one slot, has no newest slot: the oldest visitor mail first, one row at a time', async () => {
    await queue([
      { id: 'k3', priority: PRIORITY.visitor, dueAgoMs: 30 },
      { id: 'k2', priority: PRIORITY.visitor, dueAgoMs: 20 },
      { id: 'k1', priority: PRIORITY.visitor, dueAgoMs: 10 },
    ]);
    const { worker, started, finish } = heldWorker({ clock: () => T, concurrency: 1 });
    const run = worker.runDue();
    await settle();
    expect(started).toEqual(['k3']);
    expect(worker.deliveriesInFlight).toBe(1);
    await finish('k3');
    expect(started).toEqual(['k3', 'k2']);
    await finish('k2');
    await finish('k1');
    expect(started).toEqual(['k3', 'k2', 'k1']);
    expect(await run).toEqual({ attempted: 3, sent: 3, failed: 0 });
  });

  it('never claims again a row of its own whose lease ran out while it was being sent', async () => {
    await queue([
      { id: 'slow', priority: PRIORITY.staff, dueAgoMs: 20 },
      { id: 'next', priority: PRIORITY.staff, dueAgoMs: 10 },
    ]);
    let now = T;
    // leases renewed only once a minute (real time): this one runs out and is not renewed
    const { worker, started, finish } = heldWorker({ clock: () => now, concurrency: 2, leaseMs: 1_000, renewEveryMs: 60_000 });
    const run = worker.runDue();
    await settle();
    expect(started).toEqual(['slow', 'next']);
    // the event loop stalls past the lease; a slot frees and the worker claims again
    now += 5_000;
    await finish('next');
    expect(started).toEqual(['slow', 'next']);
    await finish('slow');
    expect(await run).toEqual({ attempted: 2, sent: 2, failed: 0 });
  });

  it('while a row of its own outlives its lease, looks past it for the other due rows', async () => {
    await queue([
      { id: 'slow', priority: PRIORITY.staff, dueAgoMs: 30 },
      { id: 'next', priority: PRIORITY.staff, dueAgoMs: 20 },
    ]);
    let now = T;
    const { worker, started, finish } = heldWorker({ clock: () => now, concurrency: 2, leaseMs: 1_000, renewEveryMs: 60_000 });
    const run = worker.runDue();
    await settle();
    expect(started).toEqual(['slow', 'next']);
    // both leases run out ('slow' is due again at T + 1 s, first in due order), and a row due at T + 2 s is queued
    now += 5_000;
    await queue([{ id: 'third', priority: PRIORITY.staff, dueAgoMs: -2_000 }]);
    // a slot frees: the look takes in as many rows again as are its own in flight, so it finds 'third' behind 'slow'
    await finish('next');
    expect(started).toEqual(['slow', 'next', 'third']);
    await finish('third');
    await finish('slow');
    expect(await run).toEqual({ attempted: 3, sent: 3, failed: 0 });
  });

  it('gives the newest slot the newest row not its own, when its own lapsed row comes first', async () => {
    await queue([
      { id: 'V1', priority: PRIORITY.visitor, dueAgoMs: 20 },
      { id: 'V2', priority: PRIORITY.visitor, dueAgoMs: 10 },
    ]);
    let now = T;
    const { worker, started, finish } = heldWorker({ clock: () => now, concurrency: 2, leaseMs: 1_000, renewEveryMs: 60_000 });
    const run = worker.runDue();
    await settle();
    expect(started).toEqual(['V2', 'V1']);
    // V1's lease runs out (due again at T + 1 s: the newest due visitor mail), and two more arrive
    now += 5_000;
    await queue([
      { id: 'V3', priority: PRIORITY.visitor, dueAgoMs: -500 },
      { id: 'V4', priority: PRIORITY.visitor, dueAgoMs: -400 },
    ]);
    await finish('V2');
    expect(started).toEqual(['V2', 'V1', 'V3']);
    await finish('V1');
    expect(started).toEqual(['V2', 'V1', 'V3', 'V4']);
    for (const reference of ['V3', 'V4']) await finish(reference);
    expect(await run).toEqual({ attempted: 4, sent: 4, failed: 0 });
  });

  it('gives the newest slot one row, however many its look takes in', async () => {
    await queue([
      { id: 'S1', priority: PRIORITY.staff, dueAgoMs: 60 },
      { id: 'S2', priority: PRIORITY.staff, dueAgoMs: 50 },
    ]);
    const { worker, started, finish } = heldWorker({ clock: () => T, concurrency: 3 });
    const run = worker.runDue();
    await settle();
    expect(started).toEqual(['S1', 'S2']);
    // visitor mail arrives while S2 is in flight: the newest slot's look takes in two rows (one more per row in flight)
    await queue([
      { id: 'V1', priority: PRIORITY.visitor, dueAgoMs: 30 },
      { id: 'V2', priority: PRIORITY.visitor, dueAgoMs: 20 },
      { id: 'V3', priority: PRIORITY.visitor, dueAgoMs: 10 },
    ]);
    await finish('S1');
    // the newest (V3) in its slot, and the oldest (V1) in the other: never a second newest (V2)
    expect(started).toEqual(['S1', 'S2', 'V3', 'V1']);
    for (const reference of ['S2', 'V3', 'V1', 'V2']) await finish(reference);
    expect(await run).toEqual({ attempted: 5, sent: 5, failed: 0 });
  });

  it('looks again at once when another worker took every row it saw', async () => {
    await queue([
      { id: 'k2', priority: PRIORITY.staff, dueAgoMs: 20 },
      { id: 'k1', priority: PRIORITY.staff, dueAgoMs: 10 },
    ]);
    // Between this worker's look and its claims, another worker claims both rows and gives them
    // back straight away (due 1 ms later, still due): every claim of this look finds a row moved.
    let interfered = false;
    const other = new BetterSqlite3(path.join(varDir, DATABASE_FILENAME));
    const racing = db.withPlugin({
      transformQuery(args) {
        if (!interfered && args.node.kind === 'UpdateQueryNode') {
          interfered = true;
          other.prepare('UPDATE outbox SET next_attempt_at = next_attempt_at + 1').run();
        }
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const delivered: string[] = [];
    const worker = new OutboxWorker(
      racing,
      {
        mail: async (_message, meta) => {
          delivered.push(meta.reference!);
        },
        'enquiry-api': async () => undefined,
        mautic: async () => undefined,
      },
      silent,
      { clock: () => T, concurrency: 2, pollMs: 60_000 },
    );
    // without looking again, this run would end with nothing sent and wait for the next poll
    const result = await worker.runDue();
    other.close();
    expect(result).toEqual({ attempted: 2, sent: 2, failed: 0 });
    expect(interfered).toBe(true);
    expect(delivered).toEqual(['k2', 'k1']);
  });
});
