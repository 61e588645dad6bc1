/**
 * The rendering and release metrics (docs/deploy.md "Monitoring"): each slot's render time per
 * remote, the parts left to the browser by remote and reason (missing, threw, over_budget), the
 * page cache's hits and misses, the renders in progress, the releases pages are rendered with, a
 * running canary's health, the browsers' reports by result, and a canary's automatic rollback. The shell's server build here is
 * a small hand-written one (as in pageRender.test.ts) whose page shows, on request, a catalogue
 * slot whose remote has no build, a part that throws, or one that never finishes.
 */
import type { FastifyInstance } from 'fastify';
import { testApp, testConfig, siteWithShell, TEST_SHELL_TEMPLATE } from './helpers';
import { bearer, buildOf, localTokens, manifestGate, upload } from './releasesFixtures';
import { sendReport } from './canaryFixtures';
import { newPageView } from '../src/features/releases/pageViews';

/** The test's shell: what its pages render (siteWithShell). */
const SERVER_APP = `
const never = new Promise(() => undefined);
function Boom() { throw new Error('a part that throws'); }
function Forever() { return React.use(never); }
function ServerApp({ url, remotes }) {
  const parts = [React.createElement('h1', { key: 'h' }, 'Rendered body')];
  const part = (key, element) => parts.push(React.createElement(React.Suspense, { key, fallback: null }, element));
  if (url.includes('missing')) part('m', React.createElement(remotes.component('catalogue/CatalogueRoutes'), {}));
  if (url.includes('throw')) part('t', React.createElement(Boom));
  if (url.includes('slow')) part('s', React.createElement(Forever));
  return React.createElement('main', null, parts);
}
`;

async function valueOf(app: FastifyInstance, name: string, labels: Record<string, string> = {}): Promise<number | undefined> {
  // A histogram's _count is a sample of the histogram's own.
  const metric = app.metrics.registry.getSingleMetric(name.replace(/_count$/, ''));
  const values = ((await metric?.get())?.values ?? []) as Array<{ labels: object; value: number; metricName?: string }>;
  const found = values.find(
    (value) =>
      (value.metricName ?? name) === name &&
      Object.entries(labels).every(([key, wanted]) => String((value.labels as Record<string, unknown>)[key]) === wanted),
  );
  return found?.value;
}

describe('server rendering', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp(
      testConfig({
        serveSite: true,
        siteRoot: siteWithShell(SERVER_APP, TEST_SHELL_TEMPLATE, 'ct-render-metrics-'),
        serverRender: true,
        renderBudgetMs: 300,
      }),
    );
  });
  afterAll(() => app.close());

  it('times each slot by remote, the whole body as the shell', async () => {
    expect((await app.inject({ method: 'GET', url: '/' })).statusCode).toBe(200);
    expect(await valueOf(app, 'copytech_render_slot_duration_seconds_count', { remote: 'shell' })).toBe(1);
    await app.inject({ method: 'GET', url: '/printers?missing' });
    expect(await valueOf(app, 'copytech_render_slot_duration_seconds_count', { remote: 'shell' })).toBe(2);
    expect(await valueOf(app, 'copytech_render_slot_duration_seconds_count', { remote: 'catalogue' })).toBe(1);
  });

  it('counts the parts left to the browser by remote and reason', async () => {
    const fallbacks = 'copytech_render_fallbacks_total';
    await app.inject({ method: 'GET', url: '/printers?missing=1' });
    expect(await valueOf(app, fallbacks, { remote: 'catalogue', reason: 'missing' })).toBe(2);
    await app.inject({ method: 'GET', url: '/?throw' });
    expect(await valueOf(app, fallbacks, { remote: 'shell', reason: 'threw' })).toBe(1);
    const slow = await app.inject({ method: 'GET', url: '/?slow' });
    expect(slow.statusCode).toBe(200);
    expect(await valueOf(app, fallbacks, { remote: 'shell', reason: 'over_budget' })).toBe(1);
    expect(await valueOf(app, fallbacks, { remote: 'catalogue', reason: 'over_budget' })).toBeUndefined();
  });

  it('counts the page cache’s hits and misses', async () => {
    const before = { hit: (await valueOf(app, 'copytech_page_cache_requests_total', { result: 'hit' })) ?? 0 };
    await app.inject({ method: 'GET', url: '/scanners' });
    const misses = await valueOf(app, 'copytech_page_cache_requests_total', { result: 'miss' });
    await app.inject({ method: 'GET', url: '/scanners' });
    await app.inject({ method: 'GET', url: '/scanners?gclid=abc' });
    expect(await valueOf(app, 'copytech_page_cache_requests_total', { result: 'hit' })).toBe(before.hit + 2);
    expect(await valueOf(app, 'copytech_page_cache_requests_total', { result: 'miss' })).toBe(misses);
  });

  it('shows the renders in progress', async () => {
    expect(await valueOf(app, 'copytech_render_queue_depth')).toBe(0);
    const pending = app.inject({ method: 'GET', url: '/finishers?slow' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await valueOf(app, 'copytech_render_queue_depth')).toBe(1);
    await pending;
    expect(await valueOf(app, 'copytech_render_queue_depth')).toBe(0);
  });
});

describe('releases', () => {
  let app: FastifyInstance;
  let varDir: string;
  beforeAll(async () => {
    const config = testConfig();
    config.releases = { ...config.releases, canaryMinViews: 1, canaryMaxFailureRate: 0.05 };
    varDir = config.varDir;
    app = await testApp(config, { releases: { gate: manifestGate, autoStart: false } });
  });
  afterAll(() => app.close());

  it('the release of each remote by channel, a running canary’s health per release, browsers’ reports by result, and a canary rolled back by itself', async () => {
    const tokens = localTokens(varDir);
    expect(await valueOf(app, 'copytech_release_info', { remote: 'checker', version: 'local', channel: 'live' })).toBe(1);
    // no canary: no canary series
    expect(await valueOf(app, 'copytech_canary_views')).toBeUndefined();
    const { release } = (await upload(app, 'checker', tokens.checker, buildOf('checker'))).json() as { release: string };
    const promote = await app.inject({
      method: 'POST',
      url: '/api/releases/checker/promote',
      payload: { release, percent: 20, hours: 2 },
      headers: bearer(tokens.checker),
    });
    expect(promote.statusCode).toBe(200);
    expect(await valueOf(app, 'copytech_release_info', { remote: 'checker', version: release, channel: 'canary' })).toBe(1);

    // every result is there from the start, at 0
    expect(await valueOf(app, 'copytech_release_beacons_total', { result: 'forged' })).toBe(0);
    expect(await valueOf(app, 'copytech_release_beacons_total', { result: 'counted' })).toBe(0);
    const beacon = (body: object) => sendReport(app, body);
    // a page view of this site's (its token, as the page would carry it) that failed in the browser
    const token = app.releases.signPageView({ pageView: newPageView(), canaries: { checker: release }, serverFailed: [] });
    expect((await beacon({ token, remote: 'checker', outcome: 'failed' })).statusCode).toBe(204);
    expect((await beacon({ remote: 'checker', release, outcome: 'failed' })).statusCode).toBe(204);
    expect(await valueOf(app, 'copytech_release_beacons_total', { result: 'forged' })).toBe(1);
    await app.releases.health.flush();
    expect(await valueOf(app, 'copytech_release_beacons_total', { result: 'counted' })).toBe(1);
    expect(await valueOf(app, 'copytech_release_load_failures_total', { remote: 'checker', version: release })).toBe(1);
    const labels = { remote: 'checker', version: release };
    // a failure rate of 100% over 1 view with CANARY_MIN_VIEWS 1: rolled back at that flush, so its figures are gone
    expect(await valueOf(app, 'copytech_release_rollbacks_total', { remote: 'checker' })).toBe(1);
    expect(await valueOf(app, 'copytech_release_info', { remote: 'checker', channel: 'canary' })).toBeUndefined();
    expect(await valueOf(app, 'copytech_canary_views', labels)).toBeUndefined();

    // a second canary, healthy: its figures per release while it runs
    const second = (await upload(app, 'checker', tokens.checker, buildOf('checker', { marker: 'two' }))).json() as { release: string };
    await app.inject({
      method: 'POST',
      url: '/api/releases/checker/promote',
      payload: { release: second.release, percent: 20, hours: 2 },
      headers: bearer(tokens.checker),
    });
    const ok = app.releases.signPageView({ pageView: newPageView(), canaries: { checker: second.release }, serverFailed: ['checker'] });
    await beacon({ token: ok, remote: 'checker', outcome: 'ok' });
    // and 19 page views that went well, counted at the same flush: 1 failure in 20 views, 5%, not above the limit
    const running = { remote: 'checker', version: second.release };
    for (let i = 0; i < 19; i += 1)
      app.releases.health.report({
        pageView: newPageView(),
        remote: 'checker',
        release: second.release,
        failure: null,
        expiresAt: Date.now() + 60_000,
      });
    await app.releases.health.flush();
    expect(await valueOf(app, 'copytech_canary_views', running)).toBe(20);
    expect(await valueOf(app, 'copytech_canary_failures', { ...running, where: 'server' })).toBe(1);
    expect(await valueOf(app, 'copytech_canary_failures', { ...running, where: 'browser' })).toBe(0);
    expect(await valueOf(app, 'copytech_canary_failure_rate', running)).toBe(0.05);
    expect(await valueOf(app, 'copytech_canary_max_failure_rate', running)).toBe(0.05);
    expect(await valueOf(app, 'copytech_canary_min_views', running)).toBe(1);
    const left = await valueOf(app, 'copytech_canary_seconds_left', running);
    expect(left).toBeGreaterThan(7100);
    expect(left).toBeLessThanOrEqual(7200);
  });
});
