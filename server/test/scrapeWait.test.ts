/**
 * The database's share of a scrape (server/src/metrics/scrape.ts), on a bare SQLite database whose
 * every answer is held back: the first scrape waits for the first values (a slow first query does
 * not report a healthy instance as not ready), later scrapes answer at once with the last values,
 * and the drain shows at once both ways.
 */
import type { KyselyPlugin } from 'kysely';
import type { Gauge } from 'prom-client';
import { openDatabase, type Db } from '../src/db/database';
import { createMetrics } from '../src/metrics';
import { SCRAPE_WAIT_MS, installScrapeCollectors } from '../src/metrics/scrape';
import { tempDir } from './testBasics';

const HELD_MS = 300;

/** Every query's result held back HELD_MS (a database that answers slowly). */
const slowAnswers: KyselyPlugin = {
  transformQuery: (args) => args.node,
  transformResult: async (args) => {
    await new Promise((resolve) => setTimeout(resolve, HELD_MS));
    return args.result;
  },
};

async function read(gauge: Gauge): Promise<{ value: number; ms: number }> {
  const started = performance.now();
  const { values } = await gauge.get();
  return { value: values[0]?.value ?? NaN, ms: performance.now() - started };
}

let db: Db;
beforeEach(async () => {
  db = await openDatabase(tempDir());
});
afterEach(async () => {
  await db.destroy().catch(() => undefined);
});

function collectorsOn(database: Db) {
  const metrics = createMetrics({ defaults: false });
  const state = { draining: false };
  installScrapeCollectors(metrics, {
    db: database,
    clock: Date.now,
    draining: () => state.draining,
    rateLimitStore: null,
    releases: null,
    canaries: null,
  });
  return { metrics, state };
}

it('the first scrape waits for the database, later ones answer at once with the last values', async () => {
  const { metrics } = collectorsOn(db.withPlugin(slowAnswers));
  const first = await read(metrics.ready);
  expect(first.value).toBe(1);
  // checkDatabase and the outbox read: several held answers, all waited for
  expect(first.ms).toBeGreaterThanOrEqual(HELD_MS);

  const second = await read(metrics.ready);
  expect(second.value).toBe(1);
  expect(second.ms).toBeLessThan(HELD_MS);
  expect(second.ms).toBeGreaterThanOrEqual(SCRAPE_WAIT_MS - 5);
});

it('shows the drain at once, both ways, while the database is slow', async () => {
  const { metrics, state } = collectorsOn(db.withPlugin(slowAnswers));
  expect((await read(metrics.ready)).value).toBe(1);
  state.draining = true;
  const draining = await read(metrics.ready);
  expect(draining).toEqual({ value: 0, ms: expect.any(Number) });
  expect(draining.ms).toBeLessThan(HELD_MS);
  state.draining = false;
  const back = await read(metrics.ready);
  expect(back.value).toBe(1);
  expect(back.ms).toBeLessThan(HELD_MS);
});

it('is not ready once the database is away, and the first scrape says so too', async () => {
  const { metrics } = collectorsOn(db);
  expect((await read(metrics.ready)).value).toBe(1);
  await db.destroy();
  // the refresh fails at once: the scrape that starts it sees it
  expect((await read(metrics.ready)).value).toBe(0);

  const away = await openDatabase(tempDir());
  await away.destroy();
  const fresh = collectorsOn(away);
  expect((await read(fresh.metrics.ready)).value).toBe(0);
});
