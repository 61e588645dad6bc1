/**
 * A canary's health (features/releases/health.ts), on SQLite and on PostgreSQL: browsers' reports kept
 * in memory and written by every instance (two health objects on one database add up; a page view's
 * report is counted once over both, whichever has it), the verdict on a running canary (minimum
 * views, failure rate below, at and above the limit), the automatic rollback's error line with its
 * `alert` field, one attempt per canary, the end of a canary's window, and close().
 */
import { REMOTE_NAMES, type RemoteName } from '@copytech/shared/domain';
import { openDatabase, type Db } from '../../db/database';
import { randomBytes } from 'node:crypto';
import { createReleaseHealth, describeFailureRate, readHealth, type HealthLog, type ReleaseHealthCounter } from './health';
import type { CanaryReport, LiveSnapshot, Release } from '../../pages/releases/model';
import { manualClock, tempDir } from '../../../test/testBasics';
import { databases, databaseSettings } from '../../../test/postgres';

const LIVE = 'aaaaaaaaaaaa';
const CANDIDATE = '3f9a0c1d2e4b';

function release(remote: RemoteName, id: string): Release {
  return {
    remote,
    id,
    source: 'store',
    manifestUrl: `/releases/${remote}/${id}/mf-manifest.json`,
    serverEntry: `file:///store/${remote}/${id}/server/remoteEntry.js`,
    browser: null,
    shared: [],
    exposes: [],
    gate: null,
    registeredAt: '2026-11-25T09:00:00.000Z',
    registeredBy: 'ci',
  };
}

/** Every remote live on `local`; the checker's candidate on canary when `canary` is set (until `endsAt`). */
function snapshotWith(canary: string | null, endsAt: number | null = null): LiveSnapshot {
  const remotes = Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, { live: release(name, 'local'), canary: null }]),
  ) as LiveSnapshot['remotes'];
  remotes.checker = {
    live: release('checker', LIVE),
    canary: canary ? { release: release('checker', canary), percent: 20, endsAt } : null,
  };
  return { version: 7, remotes };
}

/** A report of one page view (a fresh one unless given), as the beacon hands it on. */
const reportOf = (
  failure: CanaryReport['failure'],
  release = CANDIDATE,
  pageView = randomBytes(16).toString('base64url'),
): CanaryReport => ({
  pageView,
  remote: 'checker',
  release,
  failure,
  expiresAt: Date.now() + 300_000,
});

interface LogLine {
  level: 'error' | 'warn' | 'info';
  details: Record<string, unknown>;
  message: string;
}

function recordingLog(): HealthLog & { lines: LogLine[] } {
  const lines: LogLine[] = [];
  const at = (level: LogLine['level']) => (details: object, message: string) =>
    lines.push({ level, details: details as Record<string, unknown>, message });
  return { lines, error: at('error'), warn: at('warn'), info: at('info') };
}

describe.each(databases())('canary health on %s', (kind) => {
  let db: Db;
  let open: ReleaseHealthCounter[] = [];
  let canary: string | null;
  let rollbacks: Array<{ remote: string; release: string; reason: string }>;
  let expiries: Array<{ remote: string; release: string; reason: string }>;
  let endsAt: number | null;
  let clock: ReturnType<typeof manualClock>;

  /** The registry's part, as it behaves: only the first call for a running canary ends it. */
  const autoRollback = async (remote: RemoteName, release: string, reason: string) => {
    rollbacks.push({ remote, release, reason });
    if (remote !== 'checker' || canary !== release) return false;
    canary = null;
    return true;
  };
  const expireCanary = async (remote: RemoteName, release: string, reason: string) => {
    expiries.push({ remote, release, reason });
    if (remote !== 'checker' || canary !== release || endsAt === null || endsAt > clock()) return false;
    canary = null;
    return true;
  };

  function health(
    log: HealthLog = recordingLog(),
    limits: { minViews?: number; maxFailureRate?: number; flushMs?: number } = {},
    snapshot = () => snapshotWith(canary, endsAt),
    onReports?: (counted: readonly CanaryReport[], replayed: number) => void,
  ) {
    const counter = createReleaseHealth({
      db,
      snapshot,
      autoRollback,
      expireCanary,
      log,
      minViews: limits.minViews ?? 50,
      maxFailureRate: limits.maxFailureRate ?? 0.05,
      flushMs: limits.flushMs ?? 0,
      clock,
      onReports,
    });
    open.push(counter);
    return counter;
  }

  /** `n` page views that ran the release and did not fail. */
  const views = (counter: ReleaseHealthCounter, n: number, release = CANDIDATE) => {
    for (let i = 0; i < n; i++) counter.report(reportOf(null, release));
  };
  /** `n` page views that failed (each a view too). */
  const failures = (counter: ReleaseHealthCounter, n: number, where: 'server' | 'browser', release = CANDIDATE) => {
    for (let i = 0; i < n; i++) counter.report(reportOf(where, release));
  };

  beforeEach(async () => {
    db = undefined as unknown as Db;
    db = await openDatabase(tempDir('ct-health-'), databaseSettings(kind));
    open = [];
    canary = CANDIDATE;
    rollbacks = [];
    expiries = [];
    endsAt = null;
    clock = manualClock();
  });
  afterEach(async () => {
    await Promise.all(open.map((counter) => counter.close()));
    open = [];
    // (undefined when the database did not open)
    await (db as Db | undefined)?.destroy();
  });

  it('keeps reports in memory until a flush, then adds them up across instances: a view each, a failure for those that failed', async () => {
    const a = health();
    const b = health();
    views(a, 30);
    failures(a, 2, 'server');
    views(b, 15);
    failures(b, 1, 'browser');
    a.report({ ...reportOf(null), remote: 'catalogue', release: 'local' });
    expect(await readHealth(db, 'checker', CANDIDATE)).toEqual({ views: 0, serverFailures: 0, browserFailures: 0 });

    await a.flush();
    await b.flush();
    expect(await readHealth(db, 'checker', CANDIDATE)).toEqual({ views: 48, serverFailures: 2, browserFailures: 1 });
    expect(await readHealth(db, 'catalogue', 'local')).toEqual({ views: 1, serverFailures: 0, browserFailures: 0 });

    // a second flush adds to the row; nothing counted twice
    views(b, 1);
    await Promise.all([a.flush(), b.flush()]);
    expect(await readHealth(db, 'checker', CANDIDATE)).toEqual({ views: 49, serverFailures: 2, browserFailures: 1 });
    expect(rollbacks).toEqual([]);
  });

  it('counts a page view and remote once over every instance: a replay to the same or another instance is not counted again', async () => {
    const heard: Array<{ counted: number; replayed: number }> = [];
    const hear = (counted: readonly CanaryReport[], replayed: number) => void heard.push({ counted: counted.length, replayed });
    const a = health(recordingLog(), {}, undefined, hear);
    const b = health(recordingLog(), {}, undefined, hear);
    const once = reportOf('browser');
    a.report(once);
    b.report(once);
    b.report({ ...once, failure: null }); // the same pair again, in the same batch
    b.report({ ...once, remote: 'content', release: 'local', failure: null }); // the same page view, another remote: its own report
    await a.flush();
    await b.flush();
    a.report(once);
    await a.flush();
    expect(await readHealth(db, 'checker', CANDIDATE)).toEqual({ views: 1, serverFailures: 0, browserFailures: 1 });
    expect(await readHealth(db, 'content', 'local')).toEqual({ views: 1, serverFailures: 0, browserFailures: 0 });
    expect(heard).toEqual([
      { counted: 1, replayed: 0 },
      { counted: 1, replayed: 2 },
      { counted: 0, replayed: 1 },
    ]);
    expect(await db.selectFrom('release_beacon_reports').select(['page_view', 'remote']).orderBy('remote').execute()).toEqual([
      { page_view: once.pageView, remote: 'checker' },
      { page_view: once.pageView, remote: 'content' },
    ]);
  });

  it('deletes the spent reports a minute after their tokens expired', async () => {
    const a = health();
    const old = { ...reportOf(null), expiresAt: clock() - 61_000 };
    const recent = { ...reportOf(null), expiresAt: clock() - 59_000 };
    a.report(old);
    a.report(recent);
    await a.flush(); // written, then purged: the first purge runs at once
    expect((await db.selectFrom('release_beacon_reports').select('page_view').execute()).map((row) => row.page_view)).toEqual([
      recent.pageView,
    ]);
    expect((await readHealth(db, 'checker', CANDIDATE)).views).toBe(2);
  });

  it('ignores reports of a remote or a release id that cannot exist', async () => {
    const a = health();
    a.report({ ...reportOf(null), remote: 'printers' as RemoteName });
    a.report(reportOf(null, '../etc'));
    await a.flush();
    expect(await db.selectFrom('release_health').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('release_beacon_reports').selectAll().execute()).toEqual([]);
  });

  it.each([
    // views, failures among them, rolled back? (limit 5% over at least 50 views)
    [60, 2, false], // 3.3%: below
    [60, 3, false], // 5%: at the limit, not above it
    [60, 4, true], // 6.7%: above
    [49, 49, false], // every view failed, but fewer views than the minimum
    [50, 3, true], // 6% at exactly the minimum
  ])('over %i views with %i failures, rolls the canary back: %s', async (viewCount, failureCount, expected) => {
    const a = health();
    views(a, viewCount - failureCount);
    failures(a, failureCount, 'server');
    await a.flush();
    expect(rollbacks.length).toBe(expected ? 1 : 0);
    expect(canary).toBe(expected ? null : CANDIDATE);
  });

  it('judges the canary on every instance’s counts together, and logs the rollback at error with its alert', async () => {
    const logA = recordingLog();
    const logB = recordingLog();
    const a = health(logA);
    const b = health(logB);
    views(a, 30);
    failures(a, 5, 'server');
    views(b, 23);
    failures(b, 2, 'server');
    await a.flush(); // 35 views: too few to judge
    expect(rollbacks).toEqual([]);
    await b.flush(); // 60 views, 7 failures

    const reason = 'failure rate 12% over 60 views (server 7, browser 0)';
    expect(rollbacks).toEqual([{ remote: 'checker', release: CANDIDATE, reason }]);
    const alerts = logB.lines.filter((line) => line.level === 'error');
    expect(alerts).toEqual([
      {
        level: 'error',
        details: { alert: 'release-auto-rollback', remote: 'checker', release: CANDIDATE, reason },
        message: expect.stringContaining(reason),
      },
    ]);
  });

  it('tries each canary once: another instance that finds it already ended logs no alert', async () => {
    const logA = recordingLog();
    const logB = recordingLog();
    const a = health(logA);
    // B has not yet heard of the rollback: its snapshot still shows the canary
    const b = health(logB, {}, () => snapshotWith(CANDIDATE));
    views(a, 50);
    failures(a, 10, 'browser');
    await a.flush(); // A rolls it back
    await b.flush(); // B finds it too: the registry answers that it has already ended
    await a.flush();
    await b.flush(); // neither tries again

    expect(rollbacks.map((r) => r.reason)).toEqual([
      'failure rate 17% over 60 views (server 0, browser 10)',
      'failure rate 17% over 60 views (server 0, browser 10)',
    ]);
    expect(logA.lines.filter((line) => line.details.alert)).toHaveLength(1);
    expect(logB.lines.filter((line) => line.details.alert)).toHaveLength(0);
    expect(logB.lines).toEqual([
      expect.objectContaining({ level: 'info', details: expect.objectContaining({ remote: 'checker', release: CANDIDATE }) }),
    ]);
  });

  it('says to roll back by hand when the rollback itself fails, and does not try again', async () => {
    const log = recordingLog();
    let calls = 0;
    const counter = createReleaseHealth({
      db,
      snapshot: () => snapshotWith(CANDIDATE),
      autoRollback: async () => {
        calls++;
        throw new Error('database gone');
      },
      expireCanary,
      log,
      minViews: 10,
      maxFailureRate: 0.05,
      flushMs: 0,
    });
    open.push(counter);
    views(counter, 5);
    failures(counter, 5, 'server');
    await counter.flush();
    await counter.flush();
    expect(calls).toBe(1);
    expect(log.lines).toEqual([
      expect.objectContaining({
        level: 'error',
        details: expect.objectContaining({ alert: 'release-auto-rollback', err: 'database gone' }),
        message: expect.stringContaining('roll it back by hand'),
      }),
    ]);
  });

  it('starts a canary afresh after reset: its earlier counts no longer count', async () => {
    const a = health();
    views(a, 96, CANDIDATE);
    failures(a, 4, 'server'); // 4% of an earlier canary's views, say
    await a.flush();
    await a.reset('checker', CANDIDATE);
    views(a, 47);
    failures(a, 3, 'server'); // 6% of the new canary's views (4.7% with the old ones)
    await a.flush();
    expect(await readHealth(db, 'checker', CANDIDATE)).toEqual({ views: 50, serverFailures: 3, browserFailures: 0 });
    expect(rollbacks).toHaveLength(1);
  });

  it('ends a canary whose window has passed, once, with its last figures; not before, and not a healthy one early', async () => {
    endsAt = clock() + 3_600_000;
    const logA = recordingLog();
    const a = health(logA);
    // b has not yet heard that the canary ended: its snapshot still shows it
    const b = health(recordingLog(), {}, () => snapshotWith(CANDIDATE, endsAt));
    views(a, 20);
    failures(b, 1, 'browser');
    await b.flush();
    await a.flush(); // a reads every instance's counts at its flush
    expect(expiries).toEqual([]);
    expect(a.figures()).toEqual([
      {
        remote: 'checker',
        release: CANDIDATE,
        views: 21,
        serverFailures: 0,
        browserFailures: 1,
        failureRate: 1 / 21,
        maxFailureRate: 0.05,
        minViews: 50,
        endsAt: new Date(endsAt).toISOString(),
        secondsLeft: 3600,
      },
    ]);
    clock.advance(3_600_000);
    await a.flush();
    await b.flush(); // b still holds the canary: the registry says it has ended already
    await a.flush();
    const reason = `its window ended at ${new Date(endsAt).toISOString()}: failure rate 4.8% over 21 views (server 0, browser 1)`;
    expect(expiries).toEqual([
      { remote: 'checker', release: CANDIDATE, reason },
      { remote: 'checker', release: CANDIDATE, reason },
    ]);
    expect(canary).toBeNull();
    expect(rollbacks).toEqual([]);
    expect(logA.lines).toEqual([expect.objectContaining({ level: 'warn', message: expect.stringContaining('ended by itself') })]);
    // the canary ended: no figures of it any more
    expect(a.figures()).toEqual([]);
  });

  it('flushes on its own timer, and close() writes what is left', async () => {
    const a = health(recordingLog(), { flushMs: 20 });
    views(a, 3);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await readHealth(db, 'checker', CANDIDATE)).views).toBe(3);
    views(a, 2);
    await a.close();
    expect((await readHealth(db, 'checker', CANDIDATE)).views).toBe(5);
    views(a, 9); // after close: ignored
    await a.flush();
    expect((await readHealth(db, 'checker', CANDIDATE)).views).toBe(5);
  });
});

describe('describeFailureRate', () => {
  it('shows whole percents from 10%, one decimal below', () => {
    expect(describeFailureRate({ views: 60, serverFailures: 7, browserFailures: 0 })).toBe(
      'failure rate 12% over 60 views (server 7, browser 0)',
    );
    expect(describeFailureRate({ views: 1000, serverFailures: 40, browserFailures: 14 })).toBe(
      'failure rate 5.4% over 1000 views (server 40, browser 14)',
    );
    expect(describeFailureRate({ views: 0, serverFailures: 0, browserFailures: 0 })).toBe('no views counted (server 0, browser 0)');
  });
});
