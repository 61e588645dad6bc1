/**
 * A canary's health (docs/architecture.md "Releases of a remote"): views of the pages that ran a
 * canary release in a browser and the failures it caused, counted from browsers' reports by every
 * instance; the automatic rollback of a canary that fails too often, and the end of a canary whose
 * window has run out.
 *
 * - A report (`report`) comes from the beacon (beaconRoutes.ts) once it has passed every check:
 *   one page view's outcome of one canary remote. Reports are kept in memory (no database on the
 *   request's path). Every `flushMs` they are written in one transaction: each into
 *   `release_beacon_reports` (`ON CONFLICT DO NOTHING ... RETURNING`: one row per page view and
 *   remote, whichever instance had it first), and the counters of `release_health` added from the
 *   rows actually inserted, a view each and a failure for those that failed. A report another
 *   instance (or an earlier flush) counted already is a replay (`onReports`). Reports a flush could
 *   not write are kept for the next one. Rows whose tokens have expired are deleted (once a minute).
 * - After each flush, every running canary's totals (all instances together) are read back: once
 *   it has at least `minViews` views and (server failures + browser failures) / views is above
 *   `maxFailureRate`, `autoRollback` ends the canary (the registry re-checks, in one transaction,
 *   that the pointer still has that canary, so of several instances finding it at once only one
 *   rolls it back) and the rollback is logged at error with `alert: 'release-auto-rollback'`.
 *   A canary whose window (`endsAt`) has passed is ended by `expireCanary` the same way, once, with
 *   its last figures as the reason, and logged at warn.
 * - One attempt per canary: a canary already tried is not tried again while it runs (if the
 *   attempt failed, the error line says to roll it back by hand). A canary that has ended is
 *   forgotten, so the same release started as a canary again gets its own attempt.
 * - `reset` clears a release's counters: the registry calls it when a canary starts, so a
 *   release's earlier life (an earlier canary) does not count against the new one.
 * - `figures` are the running canaries' health as this instance last read it (for the metrics);
 *   `canaryHealth` reads one afresh (for the release API).
 */
import type { Kysely } from 'kysely';
import { REMOTE_NAMES, type RemoteName } from '@copytech/shared/domain';
import type { Database } from '../../db/schema';
import { keyOf, readHealth, writeReports, type HealthTotals } from './healthRows';
import { RELEASE_ID, type CanaryFigures, type CanaryReport, type LiveSnapshot, type ReleaseHealth } from '../../pages/releases/model';

export type { CanaryFigures } from '../../pages/releases/model';
export { readHealth, type HealthTotals } from './healthRows';

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
  /** ends the canary whose window has passed, if the pointer still has it and that window; true when this call ended it */
  expireCanary: (remote: RemoteName, releaseId: string, reason: string) => Promise<boolean>;
  log: HealthLog;
  /** CANARY_MIN_VIEWS: no verdict before this many views (all instances together) */
  minViews: number;
  /** CANARY_MAX_FAILURE_RATE: a canary whose failures / views is above this is rolled back (0.05 = 5%) */
  maxFailureRate: number;
  /** how often the reports are written and the canaries checked; 0: only when flush() is called */
  flushMs: number;
  /** epoch ms (the canaries' windows, the reports' expiry) */
  clock?: () => number;
  /** hears each flush's outcome: the reports counted, and how many had been counted before (replays) */
  onReports?: (counted: readonly CanaryReport[], replayed: number) => void;
}

export interface ReleaseHealthCounter extends ReleaseHealth {
  /** writes the reports, then checks every running canary */
  flush(): Promise<void>;
  /** forgets a release's counts (here and in the database): a canary of it starts afresh */
  reset(remote: RemoteName, releaseId: string): Promise<void>;
  /** stops the timer and flushes what is left; reports after it are ignored */
  close(): Promise<void>;
  /** the running canaries' health as the last flush read it (every instance's reports together) */
  figures(): CanaryFigures[];
  /** a canary's health read now (endsAt: its window's end, epoch ms, or null) */
  canaryHealth(remote: RemoteName, releaseId: string, endsAt: number | null): Promise<CanaryFigures>;
}

/**
 * Reports kept between two flushes, at most: one a page view and canary remote, each of which
 * passed the beacon's checks and the per-address budget, so this is never met in use; it bounds
 * memory all the same (a flush that cannot write keeps its reports for the next).
 */
const MAX_PENDING = 50_000;
/** A spent report's row is kept this long after its token expired (instances' clocks differ a little). */
export const REPORT_KEPT_AFTER_EXPIRY_MS = 60_000;
const PURGE_EVERY_MS = 60_000;

const KNOWN_REMOTES = new Set<string>(REMOTE_NAMES);

/** `failure rate 12% over 60 views (server 7, browser 0)`: whole percents from 10%, one decimal below. */
export function describeFailureRate(totals: HealthTotals): string {
  if (totals.views <= 0) return `no views counted (server ${totals.serverFailures}, browser ${totals.browserFailures})`;
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

class HealthCounter implements ReleaseHealthCounter {
  private pending: CanaryReport[] = [];
  private dropped = 0;
  /** canaries already tried (remote + release) for a rollback, and (remote + release + window) for their end */
  private readonly attempted = new Set<string>();
  private readonly expiring = new Set<string>();
  /** the running canaries' totals as the last flush read them */
  private readonly latest = new Map<string, { remote: RemoteName; release: string; totals: HealthTotals; endsAt: number | null }>();
  private lastPurge = 0;
  private closed = false;
  private running: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private readonly clock: () => number;

  constructor(private readonly options: ReleaseHealthOptions) {
    this.clock = options.clock ?? Date.now;
    this.schedule();
  }

  // (an arrow function: a request may hand it on without its object)
  readonly report = (report: CanaryReport): void => {
    if (this.closed || !KNOWN_REMOTES.has(report.remote) || !RELEASE_ID.test(report.release)) return;
    if (this.pending.length >= MAX_PENDING) {
      this.dropped++;
      return;
    }
    this.pending.push(report);
  };

  /** One flush at a time: a second waits for the first. */
  flush(): Promise<void> {
    const next = this.running.then(async () => {
      await this.writePending();
      await this.purge();
      await this.checkCanaries();
    });
    this.running = next.catch((error: unknown) =>
      this.options.log.error({ err: (error as Error).message }, 'release health: the flush failed'),
    );
    return next;
  }

  async reset(remote: RemoteName, releaseId: string): Promise<void> {
    const key = keyOf(remote, releaseId);
    this.pending = this.pending.filter((report) => keyOf(report.remote, report.release) !== key);
    this.attempted.delete(key);
    this.latest.delete(key);
    await this.options.db.deleteFrom('release_health').where('remote', '=', remote).where('release', '=', releaseId).execute();
  }

  async close(): Promise<void> {
    if (this.closed) return this.running;
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    return this.flush();
  }

  figures(): CanaryFigures[] {
    // the canaries running now only (one that ended since the flush has no figures)
    const { remotes } = this.options.snapshot();
    return [...this.latest.values()]
      .filter(({ remote, release }) => remotes[remote].canary?.release.id === release)
      .map(({ remote, release, totals }) => this.figuresOf(remote, release, totals, remotes[remote].canary?.endsAt ?? null));
  }

  async canaryHealth(remote: RemoteName, releaseId: string, endsAt: number | null): Promise<CanaryFigures> {
    return this.figuresOf(remote, releaseId, await readHealth(this.options.db, remote, releaseId), endsAt);
  }

  private figuresOf(remote: RemoteName, release: string, totals: HealthTotals, endsAt: number | null): CanaryFigures {
    const failures = totals.serverFailures + totals.browserFailures;
    return {
      remote,
      release,
      ...totals,
      failureRate: totals.views > 0 ? failures / totals.views : 0,
      maxFailureRate: this.options.maxFailureRate,
      minViews: this.options.minViews,
      endsAt: endsAt === null ? null : new Date(endsAt).toISOString(),
      secondsLeft: endsAt === null ? null : Math.max(0, Math.floor((endsAt - this.clock()) / 1000)),
    };
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

  private async writePending(): Promise<void> {
    const { db, log } = this.options;
    const batch = this.pending;
    this.pending = [];
    if (this.dropped) {
      log.warn({ dropped: this.dropped }, `release health: ${this.dropped} reports were not kept (too many waiting for a flush)`);
      this.dropped = 0;
    }
    if (batch.length === 0) return;
    let counted: CanaryReport[];
    try {
      counted = await writeReports(db, batch);
    } catch (error) {
      // kept for the next flush, before what came since
      this.pending = [...batch, ...this.pending].slice(0, MAX_PENDING);
      log.error({ reports: batch.length, err: (error as Error).message }, 'release health: reports not written; kept for the next flush');
      return;
    }
    this.options.onReports?.(counted, batch.length - counted.length);
  }

  /** Deletes the spent reports whose tokens have expired (a replay of one is refused as expired by then). */
  private async purge(): Promise<void> {
    const now = this.clock();
    if (now - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = now;
    try {
      await this.options.db
        .deleteFrom('release_beacon_reports')
        .where('expires_at', '<', now - REPORT_KEPT_AFTER_EXPIRY_MS)
        .execute();
    } catch (error) {
      this.options.log.warn({ err: (error as Error).message }, 'release health: expired reports not deleted; tried again in a minute');
    }
  }

  private async checkCanaries(): Promise<void> {
    const canaries = Object.entries(this.options.snapshot().remotes).flatMap(([remote, live]) =>
      live.canary ? [{ remote: remote as RemoteName, release: live.canary.release.id, endsAt: live.canary.endsAt ?? null }] : [],
    );
    const current = new Set(canaries.map((c) => keyOf(c.remote, c.release)));
    for (const key of this.attempted) if (!current.has(key)) this.attempted.delete(key);
    const windows = new Set(canaries.map((c) => `${keyOf(c.remote, c.release)} ${c.endsAt}`));
    for (const key of this.expiring) if (!windows.has(key)) this.expiring.delete(key);
    for (const key of this.latest.keys()) if (!current.has(key)) this.latest.delete(key);
    for (const canary of canaries) {
      try {
        await this.judge(canary.remote, canary.release, canary.endsAt);
      } catch (error) {
        this.options.log.error(
          { remote: canary.remote, release: canary.release, err: (error as Error).message },
          'release health: the canary could not be checked',
        );
      }
    }
  }

  private async judge(remote: RemoteName, release: string, endsAt: number | null): Promise<void> {
    const { db, minViews, maxFailureRate } = this.options;
    const key = keyOf(remote, release);
    const totals = await readHealth(db, remote, release);
    this.latest.set(key, { remote, release, totals, endsAt });
    if (!this.attempted.has(key) && failsCanary(totals, minViews, maxFailureRate)) {
      this.attempted.add(key);
      await this.rollBack(remote, release, describeFailureRate(totals));
      return;
    }
    // (one attempt per window: a promote that gives the canary a new window gets its own)
    const window = `${key} ${endsAt}`;
    if (endsAt !== null && this.clock() >= endsAt && !this.expiring.has(window)) {
      this.expiring.add(window);
      await this.expire(remote, release, `its window ended at ${new Date(endsAt).toISOString()}: ${describeFailureRate(totals)}`);
    }
  }

  private async rollBack(remote: RemoteName, release: string, reason: string): Promise<void> {
    const { log } = this.options;
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

  private async expire(remote: RemoteName, release: string, reason: string): Promise<void> {
    const { log } = this.options;
    try {
      if (await this.options.expireCanary(remote, release, reason))
        log.warn({ remote, release, reason }, `release: the canary ${remote} ${release} ended by itself, not promoted in time: ${reason}`);
      else log.info({ remote, release, reason }, `release: the canary ${remote} ${release} had already ended or has a new window`);
    } catch (error) {
      log.error(
        { remote, release, reason, err: (error as Error).message },
        `release: the canary ${remote} ${release} should have ended (${reason}) but could not be: roll it back by hand`,
      );
    }
  }
}

/** The health counter of one instance (wired by features/releases/releasesPlugin.ts); its timer does not keep the process alive. */
export function createReleaseHealth(options: ReleaseHealthOptions): ReleaseHealthCounter {
  return new HealthCounter(options);
}
