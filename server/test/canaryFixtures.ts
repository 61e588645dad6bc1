/**
 * What a browser does with a canary page (shared/src/federation/remoteRegistry.ts), for the server's
 * tests: read the page's page-view token (the `copytech-canary` data block), and report a canary
 * remote's outcome to POST /api/releases/beacon as navigator.sendBeacon sends it (text/plain, from
 * the page's origin: `Sec-Fetch-Site: same-origin`). And a metric's value, read from the app's
 * registry.
 */
import type { FastifyInstance } from 'fastify';
import type { CanaryPageView } from '@copytech/shared/domain';

const CANARY_BLOCK = /<script type="application\/json" id="copytech-canary">(.*?)<\/script>/;

/** The page's canary data block, or null when it carries none. */
export function canaryViewOf(html: string): CanaryPageView | null {
  const found = CANARY_BLOCK.exec(html);
  return found ? (JSON.parse(found[1]!) as CanaryPageView) : null;
}

/** A page as a visitor in `bucket` gets it, and its canary data block (the test fails without one). */
export async function openCanaryPage(app: FastifyInstance, url = '/discover-print-savings', bucket = 0): Promise<CanaryPageView> {
  const page = await app.inject({ method: 'GET', url, headers: { cookie: `ct_canary=${bucket}` } });
  const view = canaryViewOf(page.body);
  if (!view) throw new Error(`${url} in bucket ${bucket} carries no canary token (HTTP ${page.statusCode})`);
  return view;
}

/** Where a browser on the page sends it from: its origin as the page's fetch says it. */
export const SAME_ORIGIN = { 'sec-fetch-site': 'same-origin', origin: 'http://localhost:80' };

/** A beacon's POST, as sendBeacon sends it, from `ip`. */
export function sendReport(app: FastifyInstance, body: object | string, options: { ip?: string; headers?: Record<string, string> } = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/releases/beacon',
    headers: { 'content-type': 'text/plain;charset=UTF-8', ...SAME_ORIGIN, ...options.headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    remoteAddress: options.ip ?? '203.0.113.9',
  });
}

/** A page view's report of `remote`, as the browser writes it. */
export const reportBody = (view: CanaryPageView, remote: string, outcome: 'ok' | 'failed') => ({ token: view.token, remote, outcome });

/** A metric's value with these labels (undefined when the series is not there). */
export async function metricValue(app: FastifyInstance, name: string, labels: Record<string, string> = {}): Promise<number | undefined> {
  const metric = app.metrics.registry.getSingleMetric(name.replace(/_count$/, ''));
  const values = ((await metric?.get())?.values ?? []) as Array<{ labels: object; value: number; metricName?: string }>;
  const found = values.find(
    (value) =>
      (value.metricName ?? name) === name &&
      Object.entries(labels).every(([key, wanted]) => String((value.labels as Record<string, unknown>)[key]) === wanted),
  );
  return found?.value;
}

/** copytech_release_beacons_total by result, those above 0. */
export async function beaconResults(app: FastifyInstance): Promise<Record<string, number>> {
  const values = ((await app.metrics.registry.getSingleMetric('copytech_release_beacons_total')?.get())?.values ?? []) as Array<{
    labels: { result?: string };
    value: number;
  }>;
  return Object.fromEntries(values.filter((value) => value.value > 0).map((value) => [String(value.labels.result), value.value]));
}
