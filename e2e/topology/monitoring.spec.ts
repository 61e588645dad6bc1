/**
 * Monitoring in the production topology (docs/deploy.md "Monitoring"): two instances of the built
 * server on one PostgreSQL and one Redis, each with its metrics port on loopback, an SMTP receiver,
 * the checker released from another origin, and Debian's Prometheus scraping both instances every
 * second with the alert rules of docs/ops/alerts.yml evaluated every second. Everything is asserted
 * through Prometheus' own query API: the series are there and move as the site is used, and an
 * alert fires when it should. Figures go to test-results/monitoring.json.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { REPO_ROOT, freePort, startServer, type RunningServer } from '../support/server';
import { startReleaseOrigin, startSmtpReceiver } from './receivers';
import { browseUntil, failingAfterRenders, makeCheckerRelease, releaseCommand } from './releaseTools';
import { startPostgres, startPrometheus, startRedis, waitFor, type PrometheusService, type Service } from './services';

const CONTACT = { firstName: 'Jo', lastName: 'Bloggs', phoneNumber: '0116 496 0123', postcode: 'LE19 1WX' };
const CHECKER_PAGE = '/discover-print-savings';
const token = `ctd_checker_${randomBytes(32).toString('base64url')}`;
const figures: Record<string, unknown> = {};

let postgres: Service;
let redis: Service;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let origin: Awaited<ReturnType<typeof startReleaseOrigin>>;
let originRoot: string;
let prometheus: PrometheusService;
let a: RunningServer;
let b: RunningServer;
let productIds: string[];

const metricsPorts = new Map<RunningServer, number>();
/** An instance's scrape target, its `instance` label in Prometheus: host:METRICS_PORT. */
const instanceOf = (server: RunningServer) => `127.0.0.1:${metricsPorts.get(server)}`;

/** An instance with a metrics port of its own (the e2e servers' default is none). */
async function startInstance(env: Record<string, string>): Promise<RunningServer> {
  const metricsPort = await freePort();
  const server = await startServer({ ...env, METRICS_PORT: String(metricsPort) });
  metricsPorts.set(server, metricsPort);
  return server;
}

/** Waits until a query's single value passes `check`, and returns it. */
async function valueWhen(promql: string, check: (value: number) => boolean, ms: number, what: string): Promise<number> {
  let last = Number.NaN;
  await waitFor(
    async () => {
      last = await prometheus.value(promql);
      return check(last);
    },
    ms,
    `${what} (${promql}, last ${last})`,
  );
  return last;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
  smtp = await startSmtpReceiver(0);
  originRoot = mkdtempSync(path.join(os.tmpdir(), 'copytech-origin-'));
  mkdirSync(path.join(originRoot, 'checker'));
  origin = await startReleaseOrigin(originRoot);
  const env = {
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
    ALTCHA_HMAC_KEY: randomBytes(32).toString('hex'),
    SMTP_URL: smtp.url,
    REMOTE_CHECKER_URL: `${makeCheckerRelease(origin, originRoot, 'release-1')}mf-manifest.json`,
    // publish --origin reads this loopback origin: listed by its address, as a non-public address must be
    RELEASE_ORIGINS: origin.origin,
    DEPLOY_TOKENS: `checker:monitoring-ci:${createHash('sha256').update(token).digest('hex')}`,
    RATE_LIMIT_QUOTE_PER_MINUTE: '100000',
    RENDER_PROCESSES: '1',
    CANARY_MIN_VIEWS: '12',
    CANARY_MAX_FAILURE_RATE: '0.2',
  };
  [a, b] = await Promise.all([startInstance(env), startInstance(env)]);
  prometheus = await startPrometheus([instanceOf(a), instanceOf(b)], [path.join(REPO_ROOT, 'docs', 'ops', 'alerts.yml')]);
  await waitFor(async () => (await prometheus.value('count(up{job="copytech"} == 1)')) === 2, 15_000, 'both instances to be scraped');
  const featured = (await (await fetch(`${a.url}/api/featured-printers?limit=4&offset=0`)).json()) as {
    results: Array<{ modelId: string }>;
  };
  productIds = featured.results.map((product) => product.modelId);
  expect(productIds.length).toBeGreaterThan(0);
});

test.afterAll(async () => {
  await Promise.allSettled([prometheus?.stop(), a?.stop(), b?.stop()]);
  await Promise.allSettled([smtp?.stop(), origin?.stop(), redis?.stop(), postgres?.stop()]);
  if (originRoot) rmSync(originRoot, { recursive: true, force: true });
  mkdirSync(path.join(__dirname, '..', 'test-results'), { recursive: true });
  writeFileSync(path.join(__dirname, '..', 'test-results', 'monitoring.json'), JSON.stringify(figures, null, 2));
  console.log('monitoring figures:', JSON.stringify(figures));
});

test('Prometheus scrapes both instances on their metrics ports, never the public one, and loads the alert rules', async () => {
  expect(await prometheus.value('count(up{job="copytech"} == 1)')).toBe(2);
  // Both ready, as their /api/health/ready says (a scrape or two after start).
  const readiness = async () =>
    (await prometheus.query('copytech_ready')).map((series) => `${series.metric.instance} ${series.value}`).sort();
  const bothReady = [`${instanceOf(a)} 1`, `${instanceOf(b)} 1`].sort();
  await waitFor(async () => JSON.stringify(await readiness()) === JSON.stringify(bothReady), 10_000, 'copytech_ready 1 on both').catch(
    () => undefined,
  );
  expect(await readiness()).toEqual(bothReady);
  // The metrics are not on the public port.
  expect((await fetch(`${a.url}/metrics`)).status).toBe(404);
  const rules = (await (await fetch(`${prometheus.url}/api/v1/rules?type=alert`)).json()) as {
    data: { groups: Array<{ rules: Array<{ name: string; health: string }> }> };
  };
  const loaded = rules.data.groups.flatMap((group) => group.rules);
  expect(loaded.length).toBeGreaterThanOrEqual(8);
  await waitFor(
    async () => {
      const now = (await (await fetch(`${prometheus.url}/api/v1/rules?type=alert`)).json()) as typeof rules;
      return now.data.groups.flatMap((group) => group.rules).every((rule) => rule.health === 'ok');
    },
    10_000,
    'every alert rule to be evaluated without an error',
  );
  // Nothing is wrong yet: no alert fires.
  expect(await prometheus.query('ALERTS{alertstate="firing"}')).toEqual([]);
  const scrape = await fetch(`http://${instanceOf(a)}/metrics`);
  figures.scrape = { seriesOnA: (await scrape.text()).split('\n').filter((line) => line && !line.startsWith('#')).length };
});

/** One quote through `server`: its reference, or null when it was not acknowledged. */
async function sendQuote(server: RunningServer, i: number): Promise<string | null> {
  const response = await fetch(`${server.url}/api/quote`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
    body: JSON.stringify({
      productIds: [productIds[i % productIds.length]],
      contactDetails: { ...CONTACT, email: `monitoring-quote-${i}@example.co.uk` },
      eventType: 'QUOTE',
      utm: {},
    }),
  });
  return response.status === 201 ? ((await response.json()) as { reference: string }).reference : null;
}

const deliveries = 'sum(copytech_outbox_deliveries_total{kind="quote-visitor"})';
const failures = 'sum(copytech_outbox_failures_total)';
const oldestDue = 'max(copytech_outbox_oldest_due_age_seconds)';

test('quotes through either instance raise the outbox deliveries and the requests counted for the route', async () => {
  const before = await prometheus.value(deliveries);
  const QUOTES = 6;
  const references = await Promise.all(Array.from({ length: QUOTES }, (_, i) => sendQuote(i % 2 ? b : a, i)));
  expect(references.every(Boolean)).toBe(true);
  await waitFor(() => smtp.mails.length >= QUOTES * 2, 30_000, 'the quotes to be mailed');
  const after = await valueWhen(deliveries, (value) => value >= before + QUOTES, 15_000, 'the deliveries to rise');
  const requests = await prometheus.value('sum(copytech_http_requests_total{method="POST",route="/api/quote",status_class="2xx"})');
  expect(requests).toBeGreaterThanOrEqual(QUOTES);
  // Counted where they were sent: both instances delivered some.
  expect(await prometheus.value('count(copytech_outbox_deliveries_total{kind="quote-sales"} > 0)')).toBeGreaterThanOrEqual(1);
  expect(await prometheus.value(failures)).toBe(0);
  figures.quotes = { sent: QUOTES, deliveriesBefore: before, deliveriesAfter: after, requestsCounted: requests };
});

test("the dashboard's queries are answered by Prometheus, and the panels the quotes moved show them", async () => {
  const dashboard = JSON.parse(readFileSync(path.join(REPO_ROOT, 'docs', 'ops', 'dashboard.json'), 'utf8')) as {
    panels: Array<{ title: string; targets?: Array<{ expr: string }> }>;
  };
  // Grafana's variables as Grafana fills them in: every instance, a rate over a minute.
  const filled = (expr: string) => expr.replaceAll('$__rate_interval', '1m').replaceAll('$instance', '.*');
  // A query Prometheus cannot parse or run fails here (query() throws with its error).
  const seriesByPanel = async () => {
    const answered: Record<string, number> = {};
    for (const panel of dashboard.panels) {
      for (const target of panel.targets ?? []) {
        answered[panel.title] = (answered[panel.title] ?? 0) + (await prometheus.query(filled(target.expr))).length;
      }
    }
    return answered;
  };
  const moved = ['Requests by status class', 'Request duration p95 by route', 'Outbox deliveries', 'Ready', 'Memory'];
  let answered: Record<string, number> = {};
  // A rate needs two samples of a series in its window: a scrape or two after the quotes.
  await waitFor(
    async () => {
      answered = await seriesByPanel();
      return moved.every((title) => (answered[title] ?? 0) > 0);
    },
    10_000,
    'the panels the quotes moved to show series',
  ).catch(() => undefined);
  for (const title of moved) expect(answered[title] ?? 0, `series in the panel "${title}"`).toBeGreaterThan(0);
  figures.dashboard = { panels: Object.keys(answered).length, withData: Object.values(answered).filter(Boolean).length };
});

test('a killed SMTP receiver raises the outbox failures, then the oldest due age', async () => {
  const failuresBefore = await prometheus.value(failures);
  // Every quote so far is delivered: nothing waits.
  await valueWhen(oldestDue, (value) => value === 0, 10_000, 'the outbox to be empty');
  await smtp.stop();
  const killedAt = Date.now();
  const references = await Promise.all([0, 1, 2].map((i) => sendQuote(i % 2 ? b : a, 100 + i)));
  // The quotes are still acknowledged: their mails wait in the outbox.
  expect(references.every(Boolean)).toBe(true);
  const failed = await valueWhen(failures, (value) => value > failuresBefore, 20_000, 'the failures to rise');
  const failuresAfterMs = Date.now() - killedAt;
  const age = await valueWhen(oldestDue, (value) => value >= 10, 60_000, 'the oldest due age to rise');
  const due = await prometheus.value('max(copytech_outbox_due_rows)');
  figures.smtpKilled = { failuresBefore, failed, failuresAfterMs, oldestDueAgeSeconds: age, ageAfterMs: Date.now() - killedAt, due };
  // Not yet the 15 minutes that page someone.
  expect(await prometheus.query('ALERTS{alertname="OutboxOldestDueOver15m"}')).toEqual([]);
});

test('a broken release of a remote raises its fallbacks, its health per release, and its rollback fires CanaryRolledBack', async ({
  browser,
}) => {
  const fallbacks = 'sum(copytech_render_fallbacks_total{remote="checker"})';
  const fallbacksBefore = await prometheus.value(fallbacks);
  expect(await prometheus.query('ALERTS{alertname="CanaryRolledBack"}')).toEqual([]);
  const live = await prometheus.query('copytech_release_info{remote="checker",channel="live"}');
  expect(live.length).toBe(2);

  const published = await releaseCommand(
    ['publish', 'checker', '--origin', makeCheckerRelease(origin, originRoot, 'release-faulty', failingAfterRenders(6))],
    a,
    token,
  );
  expect(published.json.gate).toBe('passed');
  const faulty = published.json.release as string;
  expect((await releaseCommand(['promote', 'checker', faulty, '--percent', '90'], a, token)).code).toBe(0);
  const started = Date.now();
  const canaryOnA = async () =>
    ((await (await fetch(`${a.url}/api/releases/live`)).json()) as Record<string, { canary?: { release: string } }>).checker!.canary;
  await waitFor(async () => (await canaryOnA())?.release === faulty, 5000, 'the canary on a');
  // While it runs: its health per release on both instances (every instance's reports, the same figures), its window, its limits.
  const running = `{remote="checker",version="${faulty}"}`;
  await valueWhen(`count(copytech_canary_seconds_left${running} > 86000)`, (value) => value === 2, 15_000, "the canary's window on both");
  expect(await prometheus.value(`max(copytech_canary_max_failure_rate${running})`)).toBe(0.2);
  expect(await prometheus.value(`max(copytech_canary_min_views${running})`)).toBe(12);
  // Visitors in real browsers on both instances (a fetch of a page counts nothing for a canary):
  // each page view that ran the checker reports it, its token naming the server render that failed.
  const pageViews = await browseUntil(
    browser,
    [a, b],
    CHECKER_PAGE,
    async () => !(await canaryOnA()),
    90_000,
    'the faulty canary to be rolled back',
  );
  const rolledBackMs = Date.now() - started;
  const threw = await valueWhen(
    'sum(copytech_render_fallbacks_total{remote="checker",reason="threw"})',
    (value) => value > 0,
    15_000,
    "the checker's fallbacks to rise",
  );
  expect(await prometheus.value(fallbacks)).toBeGreaterThan(fallbacksBefore);
  const counted = await valueWhen(
    'sum(copytech_release_beacons_total{result="counted"})',
    (value) => value >= 12,
    15_000,
    "the browsers' reports to be counted",
  );
  await valueWhen('sum(copytech_release_rollbacks_total{remote="checker"})', (value) => value >= 1, 15_000, 'the rollback to be counted');
  await waitFor(
    async () => (await prometheus.query('ALERTS{alertname="CanaryRolledBack",alertstate="firing",remote="checker"}')).length === 1,
    15_000,
    'CanaryRolledBack to fire',
  );
  // ended: no canary series any more
  await valueWhen(`count(copytech_canary_views${running}) or vector(0)`, (value) => value === 0, 15_000, "the canary's series to go");
  figures.brokenRemote = { fallbacksBefore, threw, pageViews, counted, rolledBackMs, alertFiringAfterMs: Date.now() - started };
});

test('an instance that stops answering is pending in ReadinessFailing, then firing after its minute', async () => {
  test.setTimeout(150_000);
  const instance = instanceOf(b);
  const selector = `ALERTS{alertname="ReadinessFailing",instance="${instance}"}`;
  expect(await prometheus.query(selector)).toEqual([]);
  b.process.kill('SIGKILL');
  const killedAt = Date.now();
  await waitFor(async () => (await prometheus.value(`up{job="copytech",instance="${instance}"}`)) === 0, 10_000, 'b to be down');
  const states = async () => (await prometheus.query(selector)).map((series) => series.metric.alertstate);
  await waitFor(async () => (await states()).includes('pending'), 10_000, 'ReadinessFailing to be pending');
  const pendingAfterMs = Date.now() - killedAt;
  // for: 1m, so not firing yet
  expect(await states()).toEqual(['pending']);
  await waitFor(async () => (await states()).includes('firing'), 90_000, 'ReadinessFailing to fire');
  const firingAfterMs = Date.now() - killedAt;
  expect(firingAfterMs).toBeGreaterThanOrEqual(60_000);
  // a still answers: it is not in the alert.
  expect(await prometheus.query(`ALERTS{alertname="ReadinessFailing",instance="${instanceOf(a)}"}`)).toEqual([]);
  figures.readiness = { pendingAfterMs, firingAfterMs };
});
