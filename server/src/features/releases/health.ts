/**
 * A canary's health (docs/architecture.md "Releases of a remote"): views of the pages that used a
 * release and the failures it caused, counted by every instance, and the automatic rollback of a
 * canary that fails too often.
 *
 * - Requests count in memory only (`view`, `failure`: no database on the request's path). Every
 *   `flushMs` the counts are added to `release_health` (one upsert per release: insert, or add to
 *   the row's counters), so the instances sharing a database add up; counts a flush could not write
 *   are kept for the next one.
 * - After each flush, every running canary's totals (all instances together) are read back: once
 *   it has at least `minViews` views and (server failures + browser failures) / views is above
 *   `maxFailureRate`, `autoRollback` ends the canary (the registry re-checks, in one transaction,
 *   that the pointer still has that canary, so of several instances finding it at once only one
 *   rolls it back) and the rollback is logged at error with `alert: 'release-auto-rollback'`.
 * - One attempt per canary: a canary already tried is not tried again while it runs (if the
 *   attempt failed, the error line says to roll it back by hand). A canary that has ended is
 *   forgotten, so the same release started as a canary again gets its own attempt.
 * - `reset` clears a release's counters: the registry calls it when a canary starts, so a
 *   release's earlier life (live before, an earlier canary) does not count against the new one.
 */
import type { Kysely } from 'kysely';
import { REMOTE_NAMES, type RemoteName } from '@copytech/shared/domain';
import type { Database } from '../../db/schema';
import { RELEASE_ID, type LiveSnapshot, type ReleaseHealth } from '../../pages/releases/model';

export interface HealthLog {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
  info(details: object, message: string): void;
}

export interface ReleaseHealthOptions {
  db: Kysely<Database>;
  /** the live pointers as this instance holds them (the running canaries) */
  snapshot: () => LiveSnapshot;
  /** ends the canary if the pointer still has it; true when this call ended it */
  autoRollback: (remote: RemoteName, releaseId: string, reason: string) => Promise<boolean>;
  log: HealthLog;
  /** CANARY_MIN_VIEWS: no verdict before this many views (all instances together) */
  minViews: number;
  /** CANARY_MAX_FAILURE_RATE: a canary whose failures / views is above this is rolled back (0.05 = 5%) */
  maxFailureRate: number;
  /** how often the counts are written and the canaries checked; 0: only when flush() is called */
  flushMs: number;
}

export interface ReleaseHealthCounter extends ReleaseHealth {
  /** writes the counts, then checks every running canary */
  flush(): Promise<void>;
  /** forgets a release's counts (here and in the database): a canary of it starts afresh */
  reset(remote: RemoteName, releaseId: string): Promise<void>;
  /** stops the timer and flushes what is left; counts after it are ignored */
  close(): Promise<void>;
}

interface Counts {
  views: number;
  server: number;
  browser: number;
}

export interface HealthTotals {
  views: number;
  serverFailures: number;
  browserFailures: number;
}

/**
 * Releases counted between two flushes, at most: the callers count only known releases (a
 * beacon naming another is ignored), so this is never met in use; it bounds memory all the same.
 */
const MAX_PENDING = 1000;

const KNOWN_REMOTES = new Set<string>(REMOTE_NAMES);

/** `failure rate 12% over 60 views (server 7, browser 0)`: whole percents from 10%, one decimal below. */
export function describeFailureRate(totals: HealthTotals): string {
  const failures = totals.serverFailures + totals.browserFailures;
  const percent = (failures / totals.views) * 100;
  const shown = percent >= 10 ? String(Math.round(percent)) : String(Math.round(percent * 10) / 10);
  return `failure rate ${shown}% over ${totals.views} views (server ${totals.serverFailures}, browser ${totals.browserFailures})`;
}

/** Whether these totals condemn a canary: enough views, and a failure rate above the limit. */
export function failsCanary(totals: HealthTotals, minViews: number, maxFailureRate: number): boolean {
  if (totals.views <= 0 || totals.views < minViews) return false;
  return (totals.serverFailures + totals.browserFailures) / totals.views > maxFailureRate;
}

const keyOf = (remote: string, release: string) => `${remote}\u0000${release}`;

/** Adds counts to the release's row, creating it: the same statement on SQLite and PostgreSQL. */
async function addCounts(db: Kysely<Database>, remote: string, release: string, counts: Counts): Promise<void> {
  await db
    .insertInto('release_health')
    .values({ remote, release, views: counts.views, server_failures: counts.server, browser_failures: counts.browser })
    .onConflict((oc) =>
      oc.columns(['remote', 'release']).doUpdateSet((eb) => ({
        views: eb('release_health.views', '+', eb.ref('excluded.views')),
        server_failures: eb('release_health.server_failures', '+', eb.ref('excluded.server_failures')),
        browser_failures: eb('release_health.browser_failures', '+', eb.ref('excluded.browser_failures')),
      })),
    )
    .execute();
}

/** A release's totals over every instance (zeros before its first flush). */
export async function readHealth(db: Kysely<Database>, remote: string, release: string): Promise<HealthTotals> {
  const row = await db
    .selectFrom('release_health')
    .select(['views', 'server_failures', 'browser_failures'])
    .where('remote', '=', remote)
    .where('release', '=', release)
    .executeTakeFirst();
  return {
    views: Number(row?.views ?? 0),
    serverFailures: Number(row?.server_failures ?? 0),
    browserFailures: Number(row?.browser_failures ?? 0),
  };
}

type Pending = Counts & { remote: string; release: string };

const plus = (a: Pending, b: Pending | undefined): Pending =>
  b ? { ...a, views: a.views + b.views, server: a.server + b.server, browser: a.browser + b.browser } : a;

class HealthCounter implements ReleaseHealthCounter {
  private pending = new Map<string, Pending>();
  private dropped = 0;
  /** canaries already tried (remote + release) */
  private readonly attempted = new Set<string>();
  private closed = false;
  private running: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly options: ReleaseHealthOptions) {
    this.schedule();
  }

  // (arrow functions: a request may hand them on without their object)
  readonly view = (remote: RemoteName, releaseId: string): void => this.count(remote, releaseId, { views: 1 });

  readonly failure = (remote: RemoteName, releaseId: string, where: 'server' | 'browser'): void =>
    this.count(remote, releaseId, where === 'server' ? { server: 1 } : { browser: 1 });

  /** One flush at a time: a second waits for the first. */
  flush(): Promise<void> {
    const next = this.running.then(async () => {
      await this.writeCounts();
      await this.checkCanaries();
    });
    this.running = next.catch((error: unknown) =>
      this.options.log.error({ err: (error as Error).message }, 'release health: the flush failed'),
    );
    return next;
  }

  async reset(remote: RemoteName, releaseId: string): Promise<void> {
    this.pending.delete(keyOf(remote, releaseId));
    this.attempted.delete(keyOf(remote, releaseId));
    await this.options.db.deleteFrom('release_health').where('remote', '=', remote).where('release', '=', releaseId).execute();
  }

  async close(): Promise<void> {
    if (this.closed) return this.running;
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    return this.flush();
  }

  private schedule(): void {
    if (this.closed || this.options.flushMs <= 0) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flush()
        .catch(() => undefined) // logged by flush()
        .finally(() => this.schedule());
    }, this.options.flushMs);
    this.timer.unref();
  }

  private count(remote: string, release: string, add: Partial<Counts>): void {
    if (this.closed || !KNOWN_REMOTES.has(remote) || !RELEASE_ID.test(release)) return;
    const key = keyOf(remote, release);
    let counts = this.pending.get(key);
    if (!counts) {
      if (this.pending.size >= MAX_PENDING) {
        this.dropped++;
        return;
      }
      counts = { remote, release, views: 0, server: 0, browser: 0 };
      this.pending.set(key, counts);
    }
    counts.views += add.views ?? 0;
    counts.server += add.server ?? 0;
    counts.browser += add.browser ?? 0;
  }

  private async writeCounts(): Promise<void> {
    const { db, log } = this.options;
    const batch = this.pending;
    this.pending = new Map();
    if (this.dropped) {
      log.warn({ dropped: this.dropped }, `release health: ${this.dropped} counts of unexpected releases were not kept`);
      this.dropped = 0;
    }
    for (const [key, counts] of batch) {
      try {
        await addCounts(db, counts.remote, counts.release, counts);
      } catch (error) {
        // kept for the next flush, added to what came since
        this.pending.set(key, plus(counts, this.pending.get(key)));
        log.error(
          { remote: counts.remote, release: counts.release, err: (error as Error).message },
          'release health: counts not written; kept for the next flush',
        );
      }
    }
  }

  private async checkCanaries(): Promise<void> {
    const canaries = Object.entries(this.options.snapshot().remotes).flatMap(([remote, live]) =>
      live.canary ? [{ remote: remote as RemoteName, release: live.canary.release.id }] : [],
    );
    const current = new Set(canaries.map((c) => keyOf(c.remote, c.release)));
    for (const key of this.attempted) if (!current.has(key)) this.attempted.delete(key);
    for (const canary of canaries) {
      try {
        await this.judge(canary.remote, canary.release);
      } catch (error) {
        this.options.log.error(
          { remote: canary.remote, release: canary.release, err: (error as Error).message },
          'release health: the canary could not be checked',
        );
      }
    }
  }

  private async judge(remote: RemoteName, release: string): Promise<void> {
    const { db, log, minViews, maxFailureRate } = this.options;
    const key = keyOf(remote, release);
    if (this.attempted.has(key)) return;
    const totals = await readHealth(db, remote, release);
    if (!failsCanary(totals, minViews, maxFailureRate)) return;
    this.attempted.add(key);
    const reason = describeFailureRate(totals);
    try {
      if (await this.options.autoRollback(remote, release, reason))
        log.error(
          { alert: 'release-auto-rollback', remote, release, reason },
          `release: the canary ${remote} ${release} was rolled back automatically: ${reason}`,
        );
      else log.info({ remote, release, reason }, `release: the canary ${remote} ${release} had already ended (${reason})`);
    } catch (error) {
      log.error(
        { alert: 'release-auto-rollback', remote, release, reason, err: (error as Error).message },
        `release: the canary ${remote} ${release} should be rolled back (${reason}) but the rollback failed: roll it back by hand`,
      );
    }
  }
}

/** The health counter of one instance (wired by features/releases/releasesPlugin.ts); its timer does not keep the process alive. */
export function createReleaseHealth(options: ReleaseHealthOptions): ReleaseHealthCounter {
  return new HealthCounter(options);
}
