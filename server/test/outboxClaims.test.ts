/**
 * Two outbox workers claiming at once on one SQLite database (src/outbox/outbox.ts), each on its
 * own connection to the file as two server processes would be: every row is delivered exactly
 * once between them. The claim is a conditional update (only while next_attempt_at is the value
 * the worker read), and this counts each row's deliveries, as severalInstances.test.ts does on
 * PostgreSQL.
 */
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase, type Db } from '../src/db/database';
import { OutboxWorker, outboxRowsOf, type OutboxJob } from '../src/outbox/outbox';
import { tempDir } from './helpers';

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
