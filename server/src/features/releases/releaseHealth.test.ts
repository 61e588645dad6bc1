/**
 * A canary's health (features/releases/health.ts), on SQLite and on PostgreSQL: counts kept in memory and
 * added to `release_health` by every instance (two health objects on one database add up), the
 * verdict on a running canary (minimum views, failure rate below, at and above the limit), the
 * automatic rollback's error line with its `alert` field, one attempt per canary, and close().
 */
import { REMOTE_NAMES, type RemoteName } from '@copytech/shared/domain';
import { openDatabase, type Db } from '../../db/database';
import { createReleaseHealth, describeFailureRate, readHealth, type HealthLog, type ReleaseHealthCounter } from './health';
import type { LiveSnapshot, Release } from '../../pages/releases/model';
import { tempDir } from '../../../test/helpers';
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

/** Every remote live on `local`; the checker's candidate on canary when `canary` is set. */
function snapshotWith(canary: string | null): LiveSnapshot {
  const remotes = Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, { live: release(name, 'local'), canary: null }]),
  ) as LiveSnapshot['remotes'];
  remotes.checker = { live: release('checker', LIVE), canary: canary ? { release: release('checker', canary), percent: 20 } : null };
  return { version: 7, remotes };
}

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

  /** The registry's part, as it behaves: only the first call for a running canary ends it. */
  const autoRollback = async (remote: RemoteName, release: string, reason: string) => {
    rollbacks.push({ remote, release, reason });
    if (remote !== 'checker' || canary !== release) return false;
    canary = null;
    return true;
  };

  function health(
    log: HealthLog = recordingLog(),
    limits: { minViews?: number; maxFailureRate?: number; flushMs?: number } = {},
    snapshot = () => snapshotWith(canary),
  ) {
    const counter = createReleaseHealth({
      db,
      snapshot,
      autoRollback,
      log,
      minViews: limits.minViews ?? 50,
      maxFailureRate: limits.maxFailureRate ?? 0.05,
      flushMs: limits.flushMs ?? 0,
    });
    open.push(counter);
    return counter;
  }

  const views = (counter: ReleaseHealthCounter, n: number, release = CANDIDATE) => {
    for (let i = 0; i < n; i++) counter.view('checker', release);
  };
  const failures = (counter: ReleaseHealthCounter, n: number, where: 'server' | 'browser', release = CANDIDATE) => {
    for (let i = 0; i < n; i++) counter.failure('checker', release, where);
  };

  beforeEach(async () => {
    db = undefined as unknown as Db;
    db = await openDatabase(tempDir('ct-health-'), databaseSettings(kind));
    open = [];
    canary = CANDIDATE;
    rollbacks = [];
  });
  afterEach(async () => {
    await Promise.all(open.map((counter) => counter.close()));
    open = [];
    // (undefined when the database did not open)
    await (db as Db | undefined)?.destroy();
  });

  it('keeps counts in memory until a flush, then adds them up across instances', async () => {
    const a = health();
    const b = health();
    views(a, 30);
    failures(a, 2, 'server');
    views(b, 15);
    failures(b, 1, 'browser');
    a.view('catalogue', 'local');
    expect(await readHealth(db, 'checker', CANDIDATE)).toEqual({ views: 0, serverFailures: 0, browserFailures: 0 });

    await a.flush();
    await b.flush();
    expect(await readHealth(db, 'checker', CANDIDATE)).toEqual({ views: 45, serverFailures: 2, browserFailures: 1 });
    expect(await readHealth(db, 'catalogue', 'local')).toEqual({ views: 1, serverFailures: 0, browserFailures: 0 });

    // a second flush adds to the row; nothing counted twice
    views(b, 4);
    await Promise.all([a.flush(), b.flush()]);
    expect(await readHealth(db, 'checker', CANDIDATE)).toEqual({ views: 49, serverFailures: 2, browserFailures: 1 });
    expect(rollbacks).toEqual([]);
  });

  it('ignores counts for a remote or a release id that cannot exist', async () => {
    const a = health();
    a.view('printers' as RemoteName, CANDIDATE);
    a.view('checker', '../etc');
    await a.flush();
    expect(await db.selectFrom('release_health').selectAll().execute()).toEqual([]);
  });

  it.each([
    // views, failures, rolled back? (limit 5% over at least 50 views)
    [60, 2, false], // 3.3%: below
    [60, 3, false], // 5%: at the limit, not above it
    [60, 4, true], // 6.7%: above
    [49, 49, false], // every view failed, but fewer views than the minimum
    [50, 3, true], // 6% at exactly the minimum
  ])('over %i views with %i failures, rolls the canary back: %s', async (viewCount, failureCount, expected) => {
    const a = health();
    views(a, viewCount);
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
    views(a, 35);
    failures(a, 5, 'server');
    views(b, 25);
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
    views(a, 60);
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
      log,
      minViews: 10,
      maxFailureRate: 0.05,
      flushMs: 0,
    });
    open.push(counter);
    views(counter, 10);
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
    views(a, 100, CANDIDATE);
    failures(a, 4, 'server'); // 4% while it was live, say
    await a.flush();
    await a.reset('checker', CANDIDATE);
    views(a, 50);
    failures(a, 3, 'server'); // 6% of the new canary's views (3.5% with the old ones)
    await a.flush();
    expect(await readHealth(db, 'checker', CANDIDATE)).toEqual({ views: 50, serverFailures: 3, browserFailures: 0 });
    expect(rollbacks).toHaveLength(1);
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
  });
});
