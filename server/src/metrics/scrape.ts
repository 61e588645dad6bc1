/**
 * The gauges read when Prometheus scrapes (their `collect`), not kept up to date on every request:
 * the outbox's depth (from the database: the same on every instance, alert with max()), readiness,
 * the database pool, the rate limits' store and the releases pages are rendered with.
 *
 * The database values come from one refresh at a time, run in the background: a scrape waits for
 * it at most SCRAPE_WAIT_MS, so it answers quickly however slow or away the database is. Past the
 * wait the outbox gauges keep their last value; a refresh that fails (or hangs past HUNG_MS) sets
 * copytech_ready to 0, as /api/health/ready would answer 503. Until the first refresh has ended
 * there is no last value, so the first scrape waits for it up to HUNG_MS: a slow first query
 * (a database still warming up) does not report a healthy instance as not ready.
 *
 * copytech_ready is 1 when the last refresh succeeded, none has hung and the instance is not
 * draining; the drain is read at each scrape, so it shows at once both ways.
 */
import { REMOTE_NAMES } from '@copytech/shared/domain';
import type { Db } from '../db/database';
import { poolStats } from '../db/postgres';
import { checkDatabase } from '../health/healthStore';
import type { CanaryFigures } from '../pages/releases/model';
import { METRIC_PREFIX, type Metrics } from './metrics';

/** How long a scrape waits for the database's values before it answers with the last ones. */
export const SCRAPE_WAIT_MS = 25;
/** A refresh in progress for longer than this (a database that does not answer) is not ready. */
const HUNG_MS = 2_000;

export interface ScrapeSources {
  db: Db;
  /** epoch ms (the app's clock: the outbox rows' ages) */
  clock: () => number;
  /** true while the instance drains (SIGTERM): not ready */
  draining: () => boolean;
  /** the rate limits' Redis: whether it answers; null when none is configured (the gauge is then absent) */
  rateLimitStore: { readonly storeUp: boolean } | null;
  /** the live release of each remote, and its canary */
  releases: (() => { remotes: Record<string, { live: { id: string }; canary: { release: { id: string } } | null }> }) | null;
  /** the running canaries' health, as the releases' health last read it (features/releases/health.ts) */
  canaries: (() => readonly CanaryFigures[]) | null;
}

/** The outbox's pending and dead rows, and the oldest pending row's creation (one grouped query). */
async function readOutbox(db: Db): Promise<{ pending: number; dead: number; oldestPending: string | null }> {
  const rows = await db
    .selectFrom('outbox')
    .where('status', 'in', ['pending', 'dead'])
    .select((eb) => ['status', eb.fn.countAll().as('count'), eb.fn.min('created_at').as('oldest')])
    .groupBy('status')
    .execute();
  const pending = rows.find((row) => row.status === 'pending');
  const dead = rows.find((row) => row.status === 'dead');
  return { pending: Number(pending?.count ?? 0), dead: Number(dead?.count ?? 0), oldestPending: (pending?.oldest as string) ?? null };
}

/** The database's share of a scrape: one refresh at a time, waited for at most SCRAPE_WAIT_MS. */
function databaseRefresher(metrics: Metrics, sources: ScrapeSources) {
  let refreshing: Promise<void> | null = null;
  let startedAt = 0;
  let waiting: Promise<void> | null = null;
  /** a refresh has ended: the gauges hold the database's values, not their defaults */
  let known = false;
  /** whether the last refresh that ended succeeded */
  let lastOk = false;

  const setReady = (hung: boolean) => metrics.ready.set(lastOk && !hung && !sources.draining() ? 1 : 0);

  async function refresh(): Promise<void> {
    try {
      await checkDatabase(sources.db);
      const outbox = await readOutbox(sources.db);
      metrics.outboxDueRows.set(outbox.pending);
      metrics.outboxDeadRows.set(outbox.dead);
      const oldest = outbox.oldestPending ? Date.parse(outbox.oldestPending) : NaN;
      metrics.outboxOldestDueAge.set(Number.isFinite(oldest) ? Math.max(0, (sources.clock() - oldest) / 1000) : 0);
      lastOk = true;
    } catch {
      lastOk = false;
    }
    known = true;
    setReady(false);
  }

  return function scrapeWait(): Promise<void> {
    if (waiting) return waiting;
    if (!refreshing) {
      startedAt = Date.now();
      refreshing = refresh().finally(() => {
        refreshing = null;
      });
    }
    setReady(refreshing !== null && Date.now() - startedAt > HUNG_MS);
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, known ? SCRAPE_WAIT_MS : HUNG_MS);
      timer.unref();
    });
    waiting = Promise.race([refreshing, waited]).finally(() => {
      clearTimeout(timer);
      waiting = null;
    });
    return waiting;
  };
}

/** Sets what prom-client calls on a gauge as it is scraped (its `collect`, given here after the gauge was made). */
function onScrape(gauge: object, collect: () => void | Promise<void>): void {
  (gauge as { collect?: () => void | Promise<void> }).collect = collect;
}

/** Sets each scrape-time gauge's collect(); the rate limits' gauge is removed when there is no Redis. */
export function installScrapeCollectors(metrics: Metrics, sources: ScrapeSources): void {
  const scrapeWait = databaseRefresher(metrics, sources);
  for (const gauge of [metrics.outboxDueRows, metrics.outboxOldestDueAge, metrics.outboxDeadRows, metrics.ready])
    onScrape(gauge, scrapeWait);

  onScrape(metrics.dbPool, () => {
    const stats = poolStats(sources.db);
    if (!stats) return;
    metrics.dbPool.set({ state: 'in_use' }, stats.inUse);
    metrics.dbPool.set({ state: 'idle' }, stats.idle);
    metrics.dbPool.set({ state: 'waiting' }, stats.waiting);
  });

  const store = sources.rateLimitStore;
  if (store) onScrape(metrics.rateLimitStoreUp, () => metrics.rateLimitStoreUp.set(store.storeUp ? 1 : 0));
  else metrics.registry.removeSingleMetric(`${METRIC_PREFIX}rate_limit_store_up`);

  const snapshot = sources.releases;
  if (snapshot) {
    onScrape(metrics.releaseInfo, () => {
      const { remotes } = snapshot();
      metrics.releaseInfo.reset();
      for (const remote of REMOTE_NAMES) {
        const pointers = remotes[remote];
        if (!pointers) continue;
        metrics.releaseInfo.set({ remote, version: pointers.live.id, channel: 'live' }, 1);
        if (pointers.canary) metrics.releaseInfo.set({ remote, version: pointers.canary.release.id, channel: 'canary' }, 1);
      }
    });
  }
  const canaries = sources.canaries;
  if (canaries) installCanaryCollector(metrics, canaries);
}

/** The running canaries' series, set afresh at each scrape (each gauge its own): a canary that has ended has none. */
function installCanaryCollector(metrics: Metrics, canaries: () => readonly CanaryFigures[]): void {
  const perRelease = (gauge: Metrics['canaryViews'], value: (figures: CanaryFigures) => number | null) =>
    onScrape(gauge, () => {
      gauge.reset();
      for (const figures of canaries()) {
        const shown = value(figures);
        if (shown !== null) gauge.set({ remote: figures.remote, version: figures.release }, shown);
      }
    });
  perRelease(metrics.canaryViews, (figures) => figures.views);
  perRelease(metrics.canaryFailureRate, (figures) => figures.failureRate);
  perRelease(metrics.canaryMaxFailureRate, (figures) => figures.maxFailureRate);
  perRelease(metrics.canaryMinViews, (figures) => figures.minViews);
  perRelease(metrics.canarySecondsLeft, (figures) => figures.secondsLeft);
  onScrape(metrics.canaryFailures, () => {
    metrics.canaryFailures.reset();
    for (const figures of canaries()) {
      const labels = { remote: figures.remote, version: figures.release };
      metrics.canaryFailures.set({ ...labels, where: 'server' }, figures.serverFailures);
      metrics.canaryFailures.set({ ...labels, where: 'browser' }, figures.browserFailures);
    }
  });
}
