/**
 * A canary on two instances sharing one database (SQLite and PostgreSQL), as several instances run
 * it: a page view's report replayed to both instances is counted once; the canary's window
 * (`promote --percent N --hours H`) ends it by itself, once, with its last health in the history,
 * unless it was promoted before. The instances' clocks are the test's.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { manualClock, testApp, testConfig } from '../../../test/helpers';
import { databaseSettings, databases } from '../../../test/postgres';
import { container, siteWithReleases } from '../../../test/releaseFixtures';
import { bearer, buildOf, localTokens, manifestGate, upload } from '../../../test/releasesFixtures';
import { beaconResults, openCanaryPage, reportBody, sendReport } from '../../../test/canaryFixtures';
import { readHealth } from './health';

const siteRoot = siteWithReleases();
const HOUR = 3_600_000;

describe.each(databases())('a canary on two instances on one %s database', (kind) => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  let token: string;
  let clock: ReturnType<typeof manualClock>;

  beforeEach(async () => {
    clock = manualClock(Date.now());
    const first = testConfig({ serveSite: true, siteRoot, serverRender: true, renderBudgetMs: 5000 });
    const config: Config = {
      ...first,
      database: databaseSettings(kind),
      releases: { ...first.releases, canaryMinViews: 10, canaryMaxFailureRate: 0.05 },
    };
    const options = { clock, releases: { gate: manifestGate, autoStart: false } };
    // one after the other (two SQLite connections in one process: a write waits for the other's end)
    a = await testApp(config, options);
    b = await testApp(config, options);
    token = localTokens(config.varDir).checker;
  });
  afterEach(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  /**
   * Both instances' health flushes: at once on PostgreSQL; on SQLite one after the other (two
   * connections of one process: a synchronous driver waiting for the other's write lock would hold
   * the event loop that write needs; SQLite is one instance's database).
   */
  async function flushBoth(): Promise<void> {
    if (kind === 'postgres') await Promise.all([a.releases.health.flush(), b.releases.health.flush()]);
    else for (const app of [a, b]) await app.releases.health.flush();
  }

  const promote = (app: FastifyInstance, payload: object) =>
    app.inject({ method: 'POST', url: '/api/releases/checker/promote', payload, headers: bearer(token) });

  async function canary(payload: object = { percent: 50 }): Promise<string> {
    const files = { ...buildOf('checker'), 'server/remoteEntry.js': container('checker', 'checker candidate', false) };
    const { release } = (await upload(a, 'checker', token, files)).json() as { release: string };
    expect((await promote(a, { release, ...payload })).statusCode).toBe(200);
    await b.releases.registry.refresh();
    expect(b.releases.snapshot().remotes.checker.canary?.release.id).toBe(release);
    return release;
  }

  it('counts a page view reported to both instances once', async () => {
    const release = await canary();
    const view = await openCanaryPage(a);
    // the same report, sent again to the other instance, and to that one twice
    for (const [app, outcome] of [
      [a, 'failed'],
      [b, 'failed'],
      [b, 'ok'],
    ] as const)
      expect((await sendReport(app, reportBody(view, 'checker', outcome))).statusCode).toBe(204);
    await b.releases.health.flush();
    await a.releases.health.flush();
    expect(await readHealth(a.db, 'checker', release)).toEqual({ views: 1, serverFailures: 0, browserFailures: 1 });
    // b had it first at its flush; a found it spent; b had refused its second copy itself
    expect(await beaconResults(b)).toEqual({ counted: 1, replayed: 1 });
    expect(await beaconResults(a)).toEqual({ replayed: 1 });
  });

  it('ends a canary whose window has run out by itself, once, with its health in the history', async () => {
    const release = await canary({ percent: 20, hours: 2 });
    expect(a.releases.snapshot().remotes.checker.canary?.endsAt).toBe(clock() + 2 * HOUR);
    for (let i = 0; i < 3; i += 1) {
      const view = await openCanaryPage(i % 2 ? a : b);
      await sendReport(i % 2 ? b : a, reportBody(view, 'checker', 'ok'), { ip: `198.51.100.${i + 1}` });
    }
    await flushBoth();
    clock.advance(2 * HOUR - 1000);
    await flushBoth();
    expect(a.releases.snapshot().remotes.checker.canary?.release.id).toBe(release);

    clock.advance(1000);
    // both instances find it at their flush; the registry ends it once
    await flushBoth();
    await Promise.all([a.releases.registry.refresh(), b.releases.registry.refresh()]);
    expect(a.releases.snapshot().remotes.checker.canary).toBeNull();
    expect(b.releases.snapshot().remotes.checker.canary).toBeNull();
    const { history, live } = await b.releases.registry.list('checker');
    expect(live).toBe('local');
    expect(history.filter((entry) => entry.action === 'canary-expired')).toEqual([
      expect.objectContaining({
        from: release,
        to: 'local',
        percent: 20,
        actor: 'canary-window',
        reason: `its window ended at ${new Date(clock()).toISOString()}: failure rate 0% over 3 views (server 0, browser 0)`,
      }),
    ]);
    // visitors are back on live
    const page = await a.inject({ method: 'GET', url: '/discover-print-savings', headers: { cookie: 'ct_canary=0' } });
    expect(page.body).toContain('checker local');
  });

  it('a canary promoted before its window ends stays live; a new window from a promote of the same share', async () => {
    const release = await canary({ percent: 10, hours: 1 });
    clock.advance(HOUR / 2);
    // the same share with hours: a new window from now; without: nothing changes
    expect((await promote(b, { release, percent: 10 })).json()).toMatchObject({ changed: false });
    expect((await promote(b, { release, percent: 10, hours: 3 })).json()).toMatchObject({
      changed: true,
      canary: { release, percent: 10, endsAt: new Date(clock() + 3 * HOUR).toISOString() },
    });
    expect((await promote(a, { release })).json()).toMatchObject({ live: release, canary: null });
    clock.advance(4 * HOUR);
    await Promise.all([a.releases.registry.refresh(), b.releases.registry.refresh()]);
    await flushBoth();
    const { history, live } = await a.releases.registry.list('checker');
    expect(live).toBe(release);
    expect(history.some((entry) => entry.action === 'canary-expired')).toBe(false);
  });

  it('takes hours for a canary only: 1 to 168, with a percent from 1 to 99', async () => {
    const { release } = (await upload(a, 'checker', token, buildOf('checker'))).json() as { release: string };
    for (const payload of [
      { release, percent: 10, hours: 0 },
      { release, percent: 10, hours: 169 },
      { release, percent: 10, hours: 1.5 },
      { release, hours: 2 },
      { release, percent: 100, hours: 2 },
    ])
      expect((await promote(a, payload)).statusCode).toBe(400);
    expect(a.releases.snapshot().remotes.checker.canary).toBeNull();
    const started = await promote(a, { release, percent: 10 });
    expect(started.json()).toMatchObject({ canary: { release, percent: 10, endsAt: new Date(clock() + 24 * HOUR).toISOString() } });
  });
});
