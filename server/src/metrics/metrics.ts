/**
 * The server's Prometheus metrics (docs/metrics.md; docs/deploy.md "Monitoring"): one registry per app, never
 * prom-client's global one, so every app a test builds counts on its own. Each metric's labels come
 * from bounded sets only (route templates, remote names, reasons, kinds): never a URL, an id, a
 * query or anything a visitor typed, so the number of series stays the same however many distinct
 * URLs are requested.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { createRequestSeries } from './requestSeries';

export const METRIC_PREFIX = 'copytech_';

/** Seconds: from a cached API answer (a few ms) to a slow render or a mail server that takes its time. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export type StatusClass = '1xx' | '2xx' | '3xx' | '4xx' | '5xx';
export type FallbackReason = 'missing' | 'threw' | 'over_budget';
export type Dependency = 'database' | 'redis' | 'mail';

export function statusClassOf(statusCode: number): StatusClass {
  const hundreds = Math.min(5, Math.max(1, Math.floor(statusCode / 100)));
  return `${hundreds}xx` as StatusClass;
}

const p = METRIC_PREFIX;

/** Requests and their durations: one series for both, counted on every request's path (requestSeries.ts). */
function httpMetrics(registers: Registry[]) {
  return {
    httpAnswers: createRequestSeries({
      counter: { name: `${p}http_requests_total`, help: 'HTTP requests answered, by method, route template and status class.' },
      histogram: {
        name: `${p}http_request_duration_seconds`,
        help: 'Time to answer an HTTP request, by method, route template and status class.',
      },
      labelNames: ['method', 'route', 'status_class'],
      buckets: DURATION_BUCKETS,
      registers,
    }),
  };
}

/** Server rendering, the page cache and the releases pages are rendered with. */
function renderMetrics(registers: Registry[]) {
  return {
    renderSlotDuration: new Histogram({
      name: `${p}render_slot_duration_seconds`,
      help: "Time a remote's slot took to render on the server.",
      labelNames: ['remote'] as const,
      buckets: DURATION_BUCKETS,
      registers,
    }),
    renderFallbacks: new Counter({
      name: `${p}render_fallbacks_total`,
      help: 'Parts of a page left to the browser, by remote and reason (missing, threw, over_budget).',
      labelNames: ['remote', 'reason'] as const,
      registers,
    }),
    pageCache: new Counter({
      name: `${p}page_cache_requests_total`,
      help: 'Server-rendered pages looked up in the page cache, by result (hit, miss).',
      labelNames: ['result'] as const,
      registers,
    }),
    renderQueueDepth: new Gauge({
      name: `${p}render_queue_depth`,
      help: 'Pages being rendered or waiting for a render process.',
      registers,
    }),
    releaseInfo: new Gauge({
      name: `${p}release_info`,
      help: 'The release of each remote pages are rendered with (1), by channel (live, canary).',
      labelNames: ['remote', 'version', 'channel'] as const,
      registers,
    }),
    releaseLoadFailures: new Counter({
      name: `${p}release_load_failures_total`,
      help: "A remote's release that browsers reported they could not load.",
      labelNames: ['remote', 'version'] as const,
      registers,
    }),
    releaseRollbacks: new Counter({
      name: `${p}release_rollbacks_total`,
      help: 'Canaries rolled back by themselves, by remote.',
      labelNames: ['remote'] as const,
      registers,
    }),
    ...canaryMetrics(registers),
  };
}

/**
 * A running canary's health (features/releases/health.ts), per release: every instance's reports
 * together as this instance last read them (the same on every instance: use max()), for running
 * canaries only; and the browsers' reports by what became of them.
 */
function canaryMetrics(registers: Registry[]) {
  const perRelease = ['remote', 'version'] as const;
  return {
    releaseBeacons: new Counter({
      name: `${p}release_beacons_total`,
      help: 'Browser reports of a canary remote (POST /api/releases/beacon), by result: counted, or why ignored.',
      labelNames: ['result'] as const,
      registers,
    }),
    canaryViews: new Gauge({
      name: `${p}canary_views`,
      help: "A running canary's views: page views whose browser ran the release and reported it.",
      labelNames: perRelease,
      registers,
    }),
    canaryFailures: new Gauge({
      name: `${p}canary_failures`,
      help: "A running canary's failures, by where (server: its server render failed; browser: it failed to load).",
      labelNames: [...perRelease, 'where'] as const,
      registers,
    }),
    canaryFailureRate: new Gauge({
      name: `${p}canary_failure_rate`,
      help: "A running canary's failures over its views (0..1).",
      labelNames: perRelease,
      registers,
    }),
    canaryMaxFailureRate: new Gauge({
      name: `${p}canary_max_failure_rate`,
      help: 'The failure rate above which a running canary is rolled back (CANARY_MAX_FAILURE_RATE).',
      labelNames: perRelease,
      registers,
    }),
    canaryMinViews: new Gauge({
      name: `${p}canary_min_views`,
      help: 'The views a running canary needs before its failure rate may roll it back (CANARY_MIN_VIEWS).',
      labelNames: perRelease,
      registers,
    }),
    canarySecondsLeft: new Gauge({
      name: `${p}canary_seconds_left`,
      help: "Seconds until a running canary's window ends and it ends by itself.",
      labelNames: perRelease,
      registers,
    }),
  };
}

/** The outbox's depth (read from the database at scrape time) and its deliveries. */
function outboxMetrics(registers: Registry[]) {
  return {
    outboxDueRows: new Gauge({
      name: `${p}outbox_due_rows`,
      help: 'Outbox rows waiting for delivery, due now or after a retry backoff (the same on every instance: one database).',
      registers,
    }),
    outboxOldestDueAge: new Gauge({
      name: `${p}outbox_oldest_due_age_seconds`,
      help: 'Age of the oldest outbox row waiting for delivery, since it was written; 0 when none waits.',
      registers,
    }),
    outboxDeadRows: new Gauge({
      name: `${p}outbox_dead_rows`,
      help: 'Outbox rows given up after every attempt (dead).',
      registers,
    }),
    outboxDeliveries: new Counter({
      name: `${p}outbox_deliveries_total`,
      help: 'Outbox rows delivered, by kind.',
      labelNames: ['kind'] as const,
      registers,
    }),
    outboxFailures: new Counter({
      name: `${p}outbox_failures_total`,
      help: 'Outbox delivery attempts that failed, by kind.',
      labelNames: ['kind'] as const,
      registers,
    }),
    outboxSendDuration: new Histogram({
      name: `${p}outbox_send_duration_seconds`,
      help: 'Time one outbox delivery attempt took, by kind.',
      labelNames: ['kind'] as const,
      buckets: DURATION_BUCKETS,
      registers,
    }),
  };
}

/** Rate limits, the database pool, readiness and dependencies that were away. */
function dependenciesMetrics(registers: Registry[]) {
  return {
    rateLimitDecisions: new Counter({
      name: `${p}rate_limit_decisions_total`,
      help: 'Rate limit decisions, by route template and decision (allowed, limited).',
      labelNames: ['route', 'decision'] as const,
      registers,
    }),
    rateLimitLocal: new Counter({
      name: `${p}rate_limit_local_total`,
      help: 'Rate limit decisions counted on this instance alone because the shared store (Redis) was away.',
      labelNames: ['route'] as const,
      registers,
    }),
    rateLimitStoreUp: new Gauge({
      name: `${p}rate_limit_store_up`,
      help: 'The shared rate-limit store (Redis) answers (1) or limits are counted per instance (0).',
      registers,
    }),
    dbPool: new Gauge({
      name: `${p}db_pool_connections`,
      help: 'Database connections by state (in_use, idle, waiting).',
      labelNames: ['state'] as const,
      registers,
    }),
    ready: new Gauge({
      name: `${p}ready`,
      help: '1 when /api/health/ready would answer 200, else 0.',
      registers,
    }),
    dependencyUnavailable: new Counter({
      name: `${p}dependency_unavailable_total`,
      help: 'Answers that were 503 because a dependency was away, by dependency (database, redis, mail).',
      labelNames: ['dependency'] as const,
      registers,
    }),
  };
}

export function createMetrics(options: { defaults?: boolean } = {}) {
  const registry = new Registry();
  if (options.defaults !== false) collectDefaultMetrics({ register: registry, prefix: METRIC_PREFIX });
  const registers = [registry];
  return {
    registry,
    ...httpMetrics(registers),
    ...renderMetrics(registers),
    ...outboxMetrics(registers),
    ...dependenciesMetrics(registers),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
