/**
 * POST /api/releases/beacon (server/src/features/releases/beaconRoutes.ts) against a running canary, on
 * the real registry and health: a report counts only with the page-view token of a page this site
 * served to a visitor in the canary's bucket, once per page view; forged, replayed, expired,
 * cross-site and stale reports are ignored and counted by reason, and never spend a real visitor's
 * budget; page views without a report (no JavaScript) count nothing. The pages are rendered with
 * hand-written server builds (test/releaseFixtures.ts), the candidate's uploaded through the API.
 */
import type { FastifyInstance } from 'fastify';
import { testApp, testConfig } from '../../../test/helpers';
import { container, siteWithReleases } from '../../../test/releaseFixtures';
import { bearer, buildOf, localTokens, manifestGate, upload, type BuildFiles } from '../../../test/releasesFixtures';
import { beaconResults, openCanaryPage, reportBody, sendReport } from '../../../test/canaryFixtures';
import { newPageView, pageViewKey, signPageView } from './pageViews';
import { COUNTED_REPORTS_PER_MINUTE } from './beaconRoutes';
import { readHealth } from './health';

const siteRoot = siteWithReleases();
const CHECKER_PAGE = '/discover-print-savings';
/** A candidate whose server build renders: a canary healthy on the server (what browsers meet is up to them). */
const HEALTHY: BuildFiles = { ...buildOf('checker'), 'server/remoteEntry.js': container('checker', 'checker candidate', false) };
/** A candidate whose server build does not load: every server render of it fails. */
const BROKEN: BuildFiles = buildOf('checker', { marker: 'broken' });

let app: FastifyInstance;
let token: string;

beforeEach(async () => {
  const config = testConfig({ serveSite: true, siteRoot, serverRender: true, renderBudgetMs: 5000 });
  app = await testApp(
    { ...config, releases: { ...config.releases, canaryMinViews: 10, canaryMaxFailureRate: 0.05 } },
    { releases: { gate: manifestGate, autoStart: false } },
  );
  token = localTokens(config.varDir).checker;
});
afterEach(() => app.close());

/** The candidate uploaded and promoted to a canary of `percent` (bucket 0 gets it, bucket 99 does not). */
async function startCanary(files: BuildFiles, percent = 50): Promise<string> {
  const uploaded = await upload(app, 'checker', token, files);
  expect(uploaded.statusCode).toBe(201);
  const { release } = uploaded.json() as { release: string };
  const promoted = await app.inject({
    method: 'POST',
    url: '/api/releases/checker/promote',
    payload: { release, percent },
    headers: bearer(token),
  });
  expect(promoted.statusCode).toBe(200);
  return release;
}

const canaryOf = () => app.releases.snapshot().remotes.checker.canary?.release.id ?? null;
/** Page views without JavaScript: the page is fetched, nothing reports. */
async function fetchPages(n: number, bucket = 0): Promise<void> {
  for (let i = 0; i < n; i += 1) {
    const page = await app.inject({ method: 'GET', url: CHECKER_PAGE, headers: { cookie: `ct_canary=${bucket}` } });
    expect(page.statusCode).toBe(200);
  }
}
/** `n` page views in browsers that ran the checker, each reporting `outcome`, each from its own address. */
async function realVisitors(n: number, outcome: 'ok' | 'failed', network = '198.51.100'): Promise<void> {
  for (let i = 0; i < n; i += 1) {
    const view = await openCanaryPage(app, CHECKER_PAGE);
    expect((await sendReport(app, reportBody(view, 'checker', outcome), { ip: `${network}.${i + 1}` })).statusCode).toBe(204);
  }
}

describe('forged reports', () => {
  it('30 reports of a failure with no token, from one address, do not roll back a healthy canary after 50 page views', async () => {
    const release = await startCanary(HEALTHY);
    await fetchPages(50);
    // what the attacker sent: the release id read from the public /api/releases/live
    for (let i = 0; i < 30; i += 1)
      expect((await sendReport(app, { remote: 'checker', release, outcome: 'failed' }, { ip: '203.0.113.66' })).statusCode).toBe(204);
    await app.releases.health.flush();
    expect(canaryOf()).toBe(release);
    expect(await readHealth(app.db, 'checker', release)).toEqual({ views: 0, serverFailures: 0, browserFailures: 0 });
    expect(await beaconResults(app)).toEqual({ forged: 30 });
  });

  it('no token, another remote, another release, a preview token, an altered, expired or spent token, another site: all ignored, each counted', async () => {
    const release = await startCanary(HEALTHY);
    // 12 real page views: each browser ran the checker and says so
    const spent = await openCanaryPage(app, CHECKER_PAGE);
    expect(spent.remotes).toEqual(['checker']);
    expect((await sendReport(app, reportBody(spent, 'checker', 'ok'), { ip: '198.51.100.200' })).statusCode).toBe(204);
    await realVisitors(11, 'ok');

    const attacker = '203.0.113.66';
    const own = await openCanaryPage(app, CHECKER_PAGE); // a page view the attacker fetched itself, reported only cross-site
    const [payload, signature] = own.token.split('.') as [string, string];
    const claim = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const altered = `${Buffer.from(JSON.stringify({ ...claim, f: ['checker'] })).toString('base64url')}.${signature}`;
    const key = await pageViewKey(app.db);
    const signed = (checker: string, expiresAt: number) =>
      signPageView(key, { pageView: newPageView(), canaries: { checker }, serverFailed: [], expiresAt });
    const preview = app.releases.signPreview({ remote: 'checker', release, expiresAt: Date.now() + 3_600_000 });
    const failed = { remote: 'checker', outcome: 'failed', release };
    const cases: Array<[body: object, headers?: Record<string, string>]> = [
      [failed],
      [{ ...failed, token: '' }],
      ...Array.from({ length: 4 }, (): [object] => [{ ...failed, token: own.token, remote: 'content' }]),
      ...Array.from({ length: 4 }, (): [object] => [{ ...failed, token: signed('abcdefabcdef', Date.now() + 60_000) }]),
      ...Array.from({ length: 4 }, (): [object] => [{ ...failed, token: preview }]),
      ...Array.from({ length: 4 }, (): [object] => [{ ...failed, token: altered }]),
      ...Array.from({ length: 4 }, (): [object] => [{ ...failed, token: signed(release, Date.now() - 1) }]),
      ...Array.from({ length: 4 }, (): [object] => [{ ...failed, token: spent.token }]),
      ...Array.from({ length: 2 }, (): [object, Record<string, string>] => [
        { ...failed, token: own.token },
        { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      ]),
      ...Array.from({ length: 2 }, (): [object, Record<string, string>] => [
        { ...failed, token: own.token },
        { 'sec-fetch-site': 'same-site' },
      ]),
    ];
    expect(cases).toHaveLength(30);
    for (const [body, headers] of cases) expect((await sendReport(app, body, { ip: attacker, headers })).statusCode).toBe(204);
    // no Origin and no Sec-Fetch-Site (a script, not a page of this site's)
    expect(
      (
        await app.inject({
          method: 'POST',
          url: '/api/releases/beacon',
          headers: { 'content-type': 'text/plain' },
          payload: JSON.stringify({ ...failed, token: own.token }),
        })
      ).statusCode,
    ).toBe(204);
    await app.releases.health.flush();

    expect(canaryOf()).toBe(release);
    expect(await readHealth(app.db, 'checker', release)).toEqual({ views: 12, serverFailures: 0, browserFailures: 0 });
    expect(await beaconResults(app)).toEqual({ counted: 12, forged: 14, 'not-canary': 4, expired: 4, replayed: 4, 'cross-site': 5 });
  });

  it('a page-view token is no preview link: /preview refuses it', async () => {
    await startCanary(HEALTHY);
    const view = await openCanaryPage(app, CHECKER_PAGE);
    const opened = await app.inject({ method: 'GET', url: `/preview?t=${view.token}` });
    expect(opened.statusCode).toBe(400);
    expect(String(opened.headers['set-cookie'])).not.toContain(view.token);
  });

  it('a real visitor behind the address of 30 forged reports is still counted', async () => {
    const release = await startCanary(HEALTHY);
    const office = '203.0.113.66';
    for (let i = 0; i < 30; i += 1) await sendReport(app, { remote: 'checker', release, outcome: 'failed' }, { ip: office });
    const view = await openCanaryPage(app, CHECKER_PAGE);
    expect((await sendReport(app, reportBody(view, 'checker', 'failed'), { ip: office })).statusCode).toBe(204);
    await app.releases.health.flush();
    expect(await readHealth(app.db, 'checker', release)).toEqual({ views: 1, serverFailures: 0, browserFailures: 1 });
    expect(await beaconResults(app)).toEqual({ forged: 30, counted: 1 });
  });

  it(`counts at most ${COUNTED_REPORTS_PER_MINUTE} reports a minute from one address; another address is not held back`, async () => {
    const release = await startCanary(HEALTHY);
    await realVisitors(1, 'ok', '198.51.100'); // another address
    const office = '203.0.113.7';
    for (let i = 0; i <= COUNTED_REPORTS_PER_MINUTE; i += 1) {
      const view = await openCanaryPage(app, CHECKER_PAGE);
      expect((await sendReport(app, reportBody(view, 'checker', 'ok'), { ip: office })).statusCode).toBe(204);
    }
    await realVisitors(1, 'ok', '198.51.101');
    await app.releases.health.flush();
    expect((await readHealth(app.db, 'checker', release)).views).toBe(COUNTED_REPORTS_PER_MINUTE + 2);
    expect(await beaconResults(app)).toEqual({ counted: COUNTED_REPORTS_PER_MINUTE + 2, limited: 1 });
  });

  it('refuses what is not a report (400, counted malformed) and reads at most 1 KB', async () => {
    for (const bad of [
      'not json',
      '[]',
      '{"remote":"admin","outcome":"ok"}',
      '{"remote":"checker"}',
      '{"remote":"checker","outcome":"ok","token":7}',
    ])
      expect((await sendReport(app, bad)).statusCode).toBe(400);
    const padded = JSON.stringify({ remote: 'checker', outcome: 'ok', token: 'x'.repeat(1100) });
    expect((await sendReport(app, padded)).statusCode).toBe(413);
    expect(await beaconResults(app)).toEqual({ malformed: 5 });
  });
});

describe('real traffic', () => {
  it('300 page views without JavaScript do not dilute a canary that fails in browsers: 10 real failing reports roll it back', async () => {
    const release = await startCanary(HEALTHY);
    await fetchPages(300);
    await app.releases.health.flush();
    expect(canaryOf()).toBe(release);
    await realVisitors(10, 'failed');
    await app.releases.health.flush();
    expect(canaryOf()).toBeNull();
    const [latest] = (await app.releases.registry.list('checker')).history;
    expect(latest).toMatchObject({
      action: 'auto-rollback',
      from: release,
      actor: 'canary-health',
      reason: 'failure rate 100% over 10 views (server 0, browser 10)',
    });
  });

  it('a healthy canary is not rolled back by real traffic, and only a page of a visitor in its bucket reports it', async () => {
    const release = await startCanary(HEALTHY);
    await realVisitors(40, 'ok');
    await realVisitors(1, 'failed', '198.51.101');
    // a visitor outside the canary's share gets the live page: no token to report with
    const live = await app.inject({ method: 'GET', url: CHECKER_PAGE, headers: { cookie: 'ct_canary=99' } });
    expect(live.body).toContain('checker local');
    expect(live.body).not.toContain('copytech-canary');
    await app.releases.health.flush();
    expect(canaryOf()).toBe(release);
    expect(await readHealth(app.db, 'checker', release)).toEqual({ views: 41, serverFailures: 0, browserFailures: 1 });
  });

  it('a page whose server render of the canary failed is a server failure once its browser reports, whatever it says; none without a report', async () => {
    const release = await startCanary(BROKEN);
    await fetchPages(20);
    for (let i = 0; i < 10; i += 1) {
      const view = await openCanaryPage(app, CHECKER_PAGE);
      // the browser then rendered the checker itself, fine
      await sendReport(app, reportBody(view, 'checker', 'ok'), { ip: `198.51.100.${i + 1}` });
    }
    await app.releases.health.flush();
    expect(canaryOf()).toBeNull();
    const [latest] = (await app.releases.registry.list('checker')).history;
    expect(latest).toMatchObject({
      action: 'auto-rollback',
      from: release,
      reason: 'failure rate 100% over 10 views (server 10, browser 0)',
    });
  });

  it('a report of a canary that has ended since its page was served is counted apart (not-canary)', async () => {
    await startCanary(HEALTHY);
    const view = await openCanaryPage(app, CHECKER_PAGE);
    await app.inject({ method: 'POST', url: '/api/releases/checker/rollback', payload: {}, headers: bearer(token) });
    expect((await sendReport(app, reportBody(view, 'checker', 'failed'))).statusCode).toBe(204);
    await app.releases.health.flush();
    expect(await beaconResults(app)).toEqual({ 'not-canary': 1 });
  });
});

describe("the canary's health in the release API", () => {
  it('GET /api/releases/:remote shows the running canary with its views, failures, rate, limits and time left', async () => {
    const release = await startCanary(HEALTHY);
    await realVisitors(3, 'ok');
    await realVisitors(1, 'failed', '198.51.101');
    await app.releases.health.flush();
    const listed = await app.inject({ url: '/api/releases/checker', headers: bearer(token) });
    expect(listed.statusCode).toBe(200);
    const { canary } = listed.json() as { canary: Record<string, unknown> & { endsAt: string; health: Record<string, number> } };
    expect(canary).toMatchObject({ release, percent: 50 });
    expect(Date.parse(canary.endsAt) - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    expect(canary.health).toEqual({
      views: 4,
      serverFailures: 0,
      browserFailures: 1,
      failureRate: 0.25,
      maxFailureRate: 0.05,
      minViews: 10,
      secondsLeft: expect.any(Number),
    });
    expect(canary.health.secondsLeft).toBeGreaterThan(86_300);
    expect(canary.health.secondsLeft).toBeLessThanOrEqual(86_400);
    // the public list says nothing of it
    expect(JSON.stringify((await app.inject({ url: '/api/releases/live' })).json())).not.toContain('views');
  });
});
