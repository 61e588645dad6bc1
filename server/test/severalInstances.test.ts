/**
 * PostgreSQL as several instances use it: instances starting together on a fresh database
 * (migrations and seed once, no duplicate-key crash), outbox workers of several instances sharing
 * one outbox (every row delivered once, a dead worker's rows taken over after the lease), and the
 * start-up errors of DATABASE_URL (the password never shown).
 */
import fs from 'node:fs';
import { Writable } from 'node:stream';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { StartupError, loadConfig } from '../src/config';
import { migrationProvider } from '../src/db/migrations';
import { openDatabase, type Db } from '../src/db/database';
import { SEED_PARTS } from '../src/app';
import { seedDatabase } from '../src/db/seed';
import { OutboxWorker, outboxRowsOf, type OutboxJob } from '../src/outbox/outbox';
import { FIXTURE_DATA, tempDir, testApp, testConfig } from './helpers';
import { postgresDatabase, postgresSkipped, startCluster } from './postgres';

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

const onPostgres = postgresSkipped() ? describe.skip : describe;

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

const count = async (db: Db, table: 'products' | 'pages' | 'blog_posts') =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

onPostgres('instances starting together on one fresh PostgreSQL database', () => {
  it('migrate and seed once between them, and every one of them starts', async () => {
    const database = postgresDatabase();
    const apps: FastifyInstance[] = await Promise.all([1, 2, 3].map(() => testApp(testConfig({ database, dataDir: FIXTURE_DATA }))));
    try {
      const db = apps[0]!.db;
      const migrations = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
      expect(migrations.rows.map((row) => row.name)).toEqual(Object.keys(await migrationProvider.getMigrations()).sort());
      const one = await testApp(testConfig({ dataDir: FIXTURE_DATA }));
      try {
        for (const table of ['products', 'pages', 'blog_posts'] as const)
          expect([table, await count(db, table)]).toEqual([table, await count(one.db, table)]);
      } finally {
        await one.close();
      }
      expect(await count(db, 'products')).toBeGreaterThan(5);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
    }
  });

  it('seed in turns: two seeds at once on a migrated, empty database insert each row once', async () => {
    const database = postgresDatabase();
    const [a, b] = await Promise.all([openDatabase(tempDir(), database), openDatabase(tempDir(), database)]);
    try {
      const now = new Date('2026-11-20T09:00:00Z');
      const summaries = await Promise.all([
        seedDatabase(a!, FIXTURE_DATA, SEED_PARTS, now),
        seedDatabase(b!, FIXTURE_DATA, SEED_PARTS, now),
      ]);
      const products = await count(a!, 'products');
      // one seed inserted everything; the other, waiting for it, found every row already there
      expect(summaries.map((s) => s.products!.inserted).sort((x, y) => x - y)).toEqual([0, products]);
      expect(summaries.map((s) => s.products!.unchanged).sort((x, y) => x - y)).toEqual([0, products]);
    } finally {
      await Promise.all([a!.destroy(), b!.destroy()]);
    }
  });
});

/** A worker on its own connection pool, as another instance's would be, counting what it delivers. */
function worker(db: Db, delivered: Map<string, number>, options: { leaseMs?: number; hang?: boolean } = {}) {
  const started: string[] = [];
  const hanging: Array<(error: Error) => void> = [];
  const outbox = new OutboxWorker(
    db,
    {
      mail: async (_message, meta) => {
        started.push(meta.reference!);
        if (options.hang) return new Promise<void>((_resolve, reject) => void hanging.push(reject));
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
        delivered.set(meta.reference!, (delivered.get(meta.reference!) ?? 0) + 1);
      },
      'enquiry-api': async () => undefined,
      mautic: async () => undefined,
    },
    silent,
    // A worker that hangs has "died": its leases are never renewed.
    { concurrency: 5, pollMs: 60_000, leaseMs: options.leaseMs, renewEveryMs: options.hang ? 3_600_000 : undefined },
  );
  return { outbox, started, die: () => hanging.forEach((reject) => reject(new Error('the process is gone'))) };
}

onPostgres('outbox workers of several instances on one PostgreSQL database', () => {
  let first: FastifyInstance;
  let second: Db;
  beforeEach(async () => {
    const database = postgresDatabase();
    first = await testApp(testConfig({ database }));
    second = await openDatabase(tempDir(), database);
  });
  afterEach(async () => {
    await first.close();
    await second.destroy();
  });

  it('deliver every row exactly once between them', async () => {
    const N = 300;
    const references = Array.from({ length: N }, (_, i) => `R${i}`);
    await first.db
      .insertInto('outbox')
      .values(outboxRowsOf(references.map(mailJob), Date.now()))
      .execute();
    const delivered = new Map<string, number>();
    const a = worker(first.db, delivered);
    const b = worker(second, delivered);
    const [ra, rb] = await Promise.all([a.outbox.runDue(), b.outbox.runDue()]);

    expect(ra.sent + rb.sent).toBe(N);
    // both took part (each claimed rows the other had seen), and no row went out twice
    expect(ra.sent).toBeGreaterThan(0);
    expect(rb.sent).toBeGreaterThan(0);
    expect([...delivered.keys()].sort()).toEqual([...references].sort());
    expect([...delivered.values()].filter((times) => times !== 1)).toEqual([]);
    const rows = await second.selectFrom('outbox').select(['status', 'attempts', 'claimed_by']).distinct().execute();
    expect(rows).toEqual([{ status: 'sent', attempts: 1, claimed_by: null }]);
  });

  it('hand a dead worker’s rows to the other once the lease has run out, and deliver them once', async () => {
    const LEASE = 300;
    const references = ['D1', 'D2', 'D3'];
    await first.db
      .insertInto('outbox')
      .values(outboxRowsOf(references.map(mailJob), Date.now()))
      .execute();
    const delivered = new Map<string, number>();
    const dying = worker(first.db, delivered, { leaseMs: LEASE, hang: true });
    const runDying = dying.outbox.runDue();
    const deadline = Date.now() + 5_000;
    while (dying.started.length < references.length && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(dying.started.sort()).toEqual(references);
    const claimedAt = Date.now();

    const other = worker(second, delivered, { leaseMs: LEASE });
    expect(await other.outbox.runDue()).toMatchObject({ attempted: 0 });
    await new Promise((resolve) => setTimeout(resolve, LEASE - (Date.now() - claimedAt) + 50));
    expect(await other.outbox.runDue()).toEqual({ attempted: 3, sent: 3, failed: 0 });
    expect(Object.fromEntries(delivered)).toEqual({ D1: 1, D2: 1, D3: 1 });

    // The dead worker's sends fail at last: the rows the other delivered stay delivered, once.
    dying.die();
    expect(await runDying).toEqual({ attempted: 3, sent: 0, failed: 3 });
    expect(await other.outbox.runDue()).toMatchObject({ attempted: 0 });
    const rows = await second.selectFrom('outbox').select(['status', 'attempts', 'claimed_by']).distinct().execute();
    expect(rows).toEqual([{ status: 'sent', attempts: 1, claimed_by: null }]);
  });
});

function captured() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, logger: { stream } };
}

describe('DATABASE_URL and DATABASE_POOL_MAX', () => {
  it('select PostgreSQL only for a postgres:// URL, and a pool of 10 unless told', () => {
    expect(loadConfig({}).database).toEqual({ url: null, poolMax: 10 });
    const key = 'k'.repeat(64); // several instances sign the human check with one key
    expect(
      loadConfig({ DATABASE_URL: 'postgresql://copytech@db.internal/copytech', DATABASE_POOL_MAX: '25', ALTCHA_HMAC_KEY: key }).database,
    ).toEqual({
      url: 'postgresql://copytech@db.internal/copytech',
      poolMax: 25,
    });
    expect(() => loadConfig({ DATABASE_URL: 'mysql://copytech:hunter22@db.internal/copytech', ALTCHA_HMAC_KEY: key })).toThrow(
      new StartupError(
        'DATABASE_URL must start with postgres:// or postgresql://, got "mysql://..." (leave it unset for SQLite in VAR_DIR)',
      ),
    );
    expect(() => loadConfig({ DATABASE_URL: 'copytech.sqlite', ALTCHA_HMAC_KEY: key })).toThrow(/^DATABASE_URL must be a PostgreSQL URL/);
    expect(() => loadConfig({ DATABASE_POOL_MAX: '0' })).toThrow(/DATABASE_POOL_MAX must be at least 1/);
  });

  it('stop the start with the host, never the password, when the database cannot be reached', async () => {
    const { lines, logger } = captured();
    // port 1 on loopback: nothing listens there
    const url = 'postgres://copytech:n0t-For-Logs@127.0.0.1:1/copytech';
    const started = testApp(testConfig({ database: { url, poolMax: 2 }, logLevel: 'debug' }), { logger });
    await expect(started).rejects.toThrow(StartupError);
    const message = await started.catch((error: Error) => error.message);
    expect(message).toMatch(/^DATABASE_URL: cannot connect to PostgreSQL at 127\.0\.0\.1:1\/copytech: .+/);
    expect(message).not.toContain('n0t-For-Logs');
    expect(lines.join('')).not.toContain('n0t-For-Logs');
  });

  (postgresSkipped() ? it.skip : it)('name the database at start, without the password', async () => {
    const { lines, logger } = captured();
    // (the test cluster trusts loopback, so any password is accepted)
    const { url, poolMax } = postgresDatabase();
    const withPassword = url.replace('postgres@', 'postgres:n0t-For-Logs@');
    const app = await testApp(testConfig({ database: { url: withPassword, poolMax }, logLevel: 'debug' }), { logger });
    await app.close();
    const open = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((line) => line.msg === 'database open and migrated');
    expect(open?.database).toBe(`PostgreSQL at ${new URL(url).host}${new URL(url).pathname}`);
    expect(lines.join('')).not.toContain('n0t-For-Logs');
  });
});

describe('the test harness on a machine without PostgreSQL', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    jest.restoreAllMocks();
  });

  it('fails the PostgreSQL cases, saying what to install, rather than skipping them', async () => {
    const exists = fs.existsSync;
    jest.spyOn(fs, 'existsSync').mockImplementation((file) => !String(file).startsWith('/usr/lib/postgresql') && exists(file));
    process.env = { ...saved, PATH: '/nonexistent' };
    delete process.env.COPYTECH_TEST_POSTGRES;
    delete process.env.TEST_POSTGRES;
    await startCluster();
    expect(() => postgresDatabase()).toThrow(/^PostgreSQL is not installed .*install Debian's postgresql \(apt-get install postgresql\)/);
  });
});
