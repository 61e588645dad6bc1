/**
 * The Prometheus metrics (server/src/metrics/, docs/deploy.md "Monitoring"): served on a listener
 * of their own, never on the public port; every family moves when what it counts happens; labels
 * are route templates and fixed names only, so the number of series after 10,000 distinct URLs is
 * the number after 100; and a scrape of a warmed app answers within 50 ms.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { serveMetrics, type MetricsServer } from '../src/metrics/server';
import { UNMATCHED, rememberedSitePageLabels, sitePageLabel } from '../src/metrics/routeLabel';
import { C5840I, configOn, manualClock, quoteBody, tempDir, testApp, testConfig } from './helpers';
import { databases } from './postgres';
import { startRedis, stopRedis } from './redis';

/** One metric's samples: labels and value. */
async function samples(app: FastifyInstance, name: string): Promise<Array<{ labels: Record<string, string | number>; value: number }>> {
  const metric = app.metrics.registry.getSingleMetric(name);
  if (!metric) return [];
  const got = await metric.get();
  return got.values.map((value) => ({ labels: value.labels as Record<string, string | number>, value: value.value }));
}

async function valueOf(app: FastifyInstance, name: string, labels: Record<string, string> = {}): Promise<number | undefined> {
  const found = (await samples(app, name)).find((sample) =>
    Object.entries(labels).every(([key, value]) => String(sample.labels[key]) === value),
  );
  return found?.value;
}

/** The app's own series (the library's process and Node.js series left out: garbage collection adds kinds as it runs). */
async function ownSeries(app: FastifyInstance): Promise<string[]> {
  const text = await app.metrics.registry.metrics();
  return text.split('\n').filter((line) => line.startsWith('copytech_') && !/^copytech_(process|nodejs)_/.test(line));
}

/** A site with a built shell page, rendered in the browser (the head and status are the server's). */
function siteRoot(): string {
  const root = tempDir('ct-metrics-site-');
  fs.mkdirSync(path.join(root, 'shell/dist'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'shell/dist/index.html'),
    '<!doctype html><html><head><title>Copytech</title><script defer src=/main.js></script></head><body><div id=root></div></body></html>',
  );
  return root;
}

describe('HTTP requests', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp(testConfig({ serveSite: true, siteRoot: siteRoot(), serverRender: false }));
  });
  afterAll(() => app.close());

  it('are counted by method, route template and status class: an API route, a page by its site pattern (a Not Found one too), anything else unmatched', async () => {
    await app.inject({ method: 'GET', url: '/api/printers/multifunctionals?limit=1' });
    await app.inject({ method: 'GET', url: `/api/v3/products/${C5840I}` });
    await app.inject({ method: 'GET', url: '/api/v3/products/nosuchmodel' });
    await app.inject({ method: 'GET', url: '/printers/multifunctionals/canon/imagerunner-advance-dx-c5840i?utm_source=x' });
    await app.inject({ method: 'GET', url: '/services/managed-print' });
    await app.inject({ method: 'GET', url: '/no/such/thing.txt' });
    // a page that fits a pattern but is Not Found keeps its pattern, under 4xx (metrics/routeLabel.ts)
    expect((await app.inject({ method: 'GET', url: '/printers/multifunctionals/canon/no-such-model' })).statusCode).toBe(404);
    const http = 'copytech_http_requests_total';
    expect(await valueOf(app, http, { method: 'GET', route: '/api/printers/:list', status_class: '2xx' })).toBe(1);
    expect(await valueOf(app, http, { method: 'GET', route: '/api/v3/products/:modelId', status_class: '2xx' })).toBe(1);
    expect(await valueOf(app, http, { method: 'GET', route: '/api/v3/products/:modelId', status_class: '4xx' })).toBe(1);
    expect(await valueOf(app, http, { route: '/printers/:type/:brand/:model', status_class: '2xx' })).toBe(1);
    expect(await valueOf(app, http, { route: '/printers/:type/:brand/:model', status_class: '4xx' })).toBe(1);
    expect(await valueOf(app, http, { route: '/services/:slug' })).toBe(1);
    expect(await valueOf(app, http, { route: UNMATCHED, status_class: '4xx' })).toBeGreaterThanOrEqual(1);
    const durations = await samples(app, 'copytech_http_request_duration_seconds');
    const count = durations.find(
      (s) => s.labels.route === '/api/printers/:list' && (s as { labels: { le?: unknown } }).labels.le === '+Inf',
    );
    expect(count?.value).toBe(1);
  });

  it('GET /metrics on the public port is Not Found', async () => {
    const answer = await app.inject({ method: 'GET', url: '/metrics' });
    expect(answer.statusCode).toBe(404);
    expect(answer.body).not.toContain('copytech_');
  });

  it('labels never carry a URL, a query or an id', async () => {
    for (let i = 0; i < 20; i++) {
      await app.inject({ method: 'GET', url: `/api/v3/products/secret${i}model?email=someone${i}@example.com` });
      await app.inject({ method: 'GET', url: `/printers/multifunctionals/brand${i}/model-${i}` });
      await app.inject({ method: 'GET', url: `/x${i}/y?q=${i}` });
    }
    const text = (await ownSeries(app)).join('\n');
    expect(text).not.toMatch(/secret\d|someone|brand\d|model-\d|\/x\d|\?/);
    for (const line of await ownSeries(app)) {
      const route = /route="([^"]*)"/.exec(line)?.[1];
      if (route !== undefined) expect([line, route]).toEqual([line, expect.stringMatching(/^(unmatched|\/[\w\-/:*.]*)$/)]);
    }
  });

  it('the series stay as many after 10,000 distinct URLs as after 100', async () => {
    const request = (i: number) => {
      const urls = [
        `/api/v3/products/model${i}`,
        `/api/printers/list${i}?limit=${i}`,
        `/printers/multifunctionals/brand${i}/model${i}`,
        `/services/service-${i}`,
        `/blog/post-${i}?page=${i}`,
        `/nothing-${i}`,
        `/remotes/catalogue/missing-${i}.js`,
      ];
      return app.inject({ method: i % 5 === 0 ? 'HEAD' : 'GET', url: urls[i % urls.length]! });
    };
    for (let i = 0; i < 100; i++) await request(i);
    const after100 = (await ownSeries(app)).map((line) => line.replace(/ [\d.e+-]+$/, ''));
    for (let i = 100; i < 10_000; i++) await request(i);
    const after10000 = (await ownSeries(app)).map((line) => line.replace(/ [\d.e+-]+$/, ''));
    expect(after10000.length).toBe(after100.length);
    expect(after10000).toEqual(after100);
  }, 120_000);
});

describe('the site pages’ route label', () => {
  it.each([
    ['/', '/'],
    ['/contact-us', '/contact-us'],
    ['/Contact-Us?x=1', '/contact-us'],
    ['/services/managed-print', '/services/:slug'],
    ['/printers', '/printers'],
    ['/printers/multifunctionals', '/printers/:type'],
    ['/printers/multifunctionals/a3', '/printers/:type/:subcategory'],
    ['/printers/multifunctionals/canon/c5840i', '/printers/:type/:brand/:model'],
    ['/scanners/canon/dr-c240', '/scanners/:brand/:model'],
    ['/finishers/canon/x1', '/finishers/:brand/:model'],
    ['/photocopiers', '/photocopiers'],
    ['/blog', '/blog'],
    ['/blog/a-post', '/blog/:slug'],
    ['/search?q=secret', '/search'],
    ['/discover-print-savings', '/discover-print-savings'],
    ['/printers/a/b/c/d', UNMATCHED],
    ['/%E0%A4%A', UNMATCHED],
  ])('%s is %s', (url, label) => {
    expect(sitePageLabel(url)).toBe(label);
    // remembered per path: the same label the first time and the next, and after it has started afresh
    const remembered = rememberedSitePageLabels(2);
    expect([remembered(url), remembered(url), remembered('/blog'), remembered('/'), remembered(url)]).toEqual([
      label,
      label,
      '/blog',
      '/',
      label,
    ]);
  });
});

describe('the metrics listener', () => {
  let app: FastifyInstance;
  let server: MetricsServer;
  beforeAll(async () => {
    app = await testApp(testConfig({ serveSite: true, siteRoot: siteRoot(), serverRender: false }));
    server = await serveMetrics(app.metrics.registry, { host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await server.close();
    await app.close();
  });

  it('serves the series at /metrics in the text format, with the library’s process and event-loop series, and nothing else', async () => {
    const answer = await fetch(`http://127.0.0.1:${server.port}/metrics`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await answer.text();
    for (const name of [
      'copytech_process_cpu_user_seconds_total',
      'copytech_nodejs_eventloop_lag_seconds',
      'copytech_nodejs_heap_size_used_bytes',
    ])
      expect(text).toContain(`\n${name}`);
    expect(text).toMatch(/\ncopytech_ready 1\n/);
    expect((await fetch(`http://127.0.0.1:${server.port}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${server.port}/api/health/ready`)).status).toBe(404);
  });

  it('answers a scrape of a warmed app with traffic within 50 ms (the median of 9)', async () => {
    for (let i = 0; i < 300; i++)
      await app.inject({ method: 'GET', url: i % 2 ? `/api/printers/multifunctionals?limit=${i}` : `/printers/x${i}` });
    const times: number[] = [];
    for (let i = 0; i < 9; i++) {
      const started = performance.now();
      const answer = await fetch(`http://127.0.0.1:${server.port}/metrics`);
      await answer.text();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    expect(times[4]).toBeLessThan(50);
  });
});

describe.each(databases())('on %s', (database) => {
  it('the outbox: rows due and the oldest one’s age read at scrape time, deliveries, failures and send times by kind, dead rows', async () => {
    const clock = manualClock();
    // Nothing listens on port 1: every SMTP delivery fails at once.
    const app = await testApp(configOn(database, { smtpUrl: 'smtp://127.0.0.1:1' }), { clock });
    try {
      expect(await valueOf(app, 'copytech_outbox_due_rows')).toBe(0);
      const quote = await app.inject({ method: 'POST', url: '/api/quote', payload: quoteBody([C5840I]) });
      expect(quote.statusCode).toBe(201);
      clock.advance(90_000);
      expect(await valueOf(app, 'copytech_outbox_due_rows')).toBe(2);
      expect(await valueOf(app, 'copytech_outbox_oldest_due_age_seconds')).toBe(90);
      await app.outbox.runDue();
      expect(await valueOf(app, 'copytech_outbox_failures_total', { kind: 'quote-visitor' })).toBe(1);
      expect(await valueOf(app, 'copytech_outbox_failures_total', { kind: 'quote-sales' })).toBe(1);
      expect(await valueOf(app, 'copytech_outbox_due_rows')).toBe(2);
      await app.db.updateTable('outbox').set({ status: 'dead' }).where('kind', '=', 'quote-sales').execute();
      expect(await valueOf(app, 'copytech_outbox_dead_rows')).toBe(1);
      expect(await valueOf(app, 'copytech_outbox_due_rows')).toBe(1);
    } finally {
      await app.close();
    }
    const sending = await testApp(configOn(database), { clock });
    try {
      expect((await sending.inject({ method: 'POST', url: '/api/quote', payload: quoteBody([C5840I]) })).statusCode).toBe(201);
      await sending.outbox.runDue();
      const delivered = await samples(sending, 'copytech_outbox_deliveries_total');
      expect(delivered.reduce((sum, s) => sum + s.value, 0)).toBeGreaterThanOrEqual(1);
      expect(await valueOf(sending, 'copytech_outbox_due_rows')).toBe(0);
      expect(await valueOf(sending, 'copytech_outbox_oldest_due_age_seconds')).toBe(0);
      const sends = await samples(sending, 'copytech_outbox_send_duration_seconds');
      expect(sends.filter((s) => String((s.labels as { le?: unknown }).le) === '+Inf').reduce((sum, s) => sum + s.value, 0)).toBe(
        delivered.reduce((sum, s) => sum + s.value, 0),
      );
    } finally {
      await sending.close();
    }
  });

  it('readiness: 1 while the database answers, 0 once it is away or the instance drains', async () => {
    const app = await testApp(configOn(database));
    try {
      expect(await valueOf(app, 'copytech_ready')).toBe(1);
      app.lifecycle.draining = true;
      expect(await valueOf(app, 'copytech_ready')).toBe(0);
      app.lifecycle.draining = false;
      expect(await valueOf(app, 'copytech_ready')).toBe(1);
      await app.db.destroy();
      const started = performance.now();
      expect(await valueOf(app, 'copytech_ready')).toBe(0);
      expect(performance.now() - started).toBeLessThan(1000);
    } finally {
      await app.close().catch(() => undefined);
    }
  });

  it('the database pool: connections in use, idle and waiting on PostgreSQL; none on SQLite (no pool)', async () => {
    const app = await testApp(configOn(database));
    try {
      await app.inject({ method: 'GET', url: '/api/printers/multifunctionals?limit=1' });
      const pool = await samples(app, 'copytech_db_pool_connections');
      if (database === 'sqlite') expect(pool).toEqual([]);
      else {
        expect(pool.map((s) => s.labels.state).sort()).toEqual(['idle', 'in_use', 'waiting']);
        expect(pool.find((s) => s.labels.state === 'idle')!.value).toBeGreaterThanOrEqual(1);
      }
    } finally {
      await app.close();
    }
  });
});

describe('rate limits', () => {
  it('decisions per route template, allowed and limited; no store gauge without Redis', async () => {
    const app = await testApp(testConfig({ rateLimits: { quotePerMinute: 1, formsPerMinute: 1000 } }));
    try {
      expect((await app.inject({ method: 'POST', url: '/api/quote', payload: quoteBody([C5840I]) })).statusCode).toBe(201);
      expect((await app.inject({ method: 'POST', url: '/api/quote', payload: quoteBody([C5840I]) })).statusCode).toBe(429);
      expect(await valueOf(app, 'copytech_rate_limit_decisions_total', { route: '/api/quote', decision: 'allowed' })).toBe(1);
      expect(await valueOf(app, 'copytech_rate_limit_decisions_total', { route: '/api/quote', decision: 'limited' })).toBe(1);
      expect(await app.metrics.registry.metrics()).not.toContain('copytech_rate_limit_store_up');
    } finally {
      await app.close();
    }
  });

  it('with Redis away: the store is down (0) and each decision is counted locally, by route', async () => {
    // Nothing listens on port 1: the rate limits count on this instance alone.
    const app = await testApp(testConfig({ redisUrl: 'redis://127.0.0.1:1' }, { ALTCHA_HMAC_KEY: 'k'.repeat(32) }));
    try {
      await app.inject({ method: 'POST', url: '/api/quote', payload: quoteBody([C5840I]) });
      expect(await valueOf(app, 'copytech_rate_limit_store_up')).toBe(0);
      expect(await valueOf(app, 'copytech_rate_limit_local_total', { route: '/api/quote' })).toBe(1);
    } finally {
      await app.close();
    }
  });

  it('with Redis: the store is up (1) while it answers; stopped, it is down (0) and the decisions are counted locally', async () => {
    const port = await new Promise<number>((resolve) => {
      const probe = net.createServer().listen(0, '127.0.0.1', () => {
        const { port: free } = probe.address() as net.AddressInfo;
        probe.close(() => resolve(free));
      });
    });
    const redis = await startRedis(port);
    const app = await testApp(testConfig({ redisUrl: `redis://127.0.0.1:${port}` }, { ALTCHA_HMAC_KEY: 'k'.repeat(32) }));
    try {
      await app.inject({ method: 'POST', url: '/api/quote', payload: quoteBody([C5840I]) });
      expect(await valueOf(app, 'copytech_rate_limit_store_up')).toBe(1);
      expect(await valueOf(app, 'copytech_rate_limit_local_total', { route: '/api/quote' })).toBeUndefined();
      await stopRedis(redis);
      await app.inject({ method: 'POST', url: '/api/quote', payload: quoteBody([C5840I]) });
      expect(await valueOf(app, 'copytech_rate_limit_store_up')).toBe(0);
      expect(await valueOf(app, 'copytech_rate_limit_local_total', { route: '/api/quote' })).toBe(1);
    } finally {
      await app.close();
      await stopRedis(redis);
    }
  });
});
