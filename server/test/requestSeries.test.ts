/**
 * The HTTP answers' series (src/metrics/requestSeries.ts) say exactly what prom-client's own
 * Counter and Histogram would say of the same answers: the same lines, in the text a scrape reads
 * and in the JSON form.
 */
import { Counter, Histogram, Registry } from 'prom-client';
import { createRequestSeries } from '../src/metrics/requestSeries';

const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const LABEL_NAMES = ['method', 'route', 'status_class'] as const;
const COUNTER = { name: 'test_http_requests_total', help: 'Answers.' };
const HISTOGRAM = { name: 'test_http_request_duration_seconds', help: 'Time to answer.' };

function both() {
  const ours = new Registry();
  const theirs = new Registry();
  const series = createRequestSeries({
    counter: COUNTER,
    histogram: HISTOGRAM,
    labelNames: LABEL_NAMES,
    buckets: BUCKETS,
    registers: [ours],
  });
  const counter = new Counter({ ...COUNTER, labelNames: LABEL_NAMES, registers: [theirs] });
  const histogram = new Histogram({ ...HISTOGRAM, labelNames: LABEL_NAMES, buckets: BUCKETS, registers: [theirs] });
  return {
    ours,
    theirs,
    observe(labels: Record<(typeof LABEL_NAMES)[number], string>, seconds: number) {
      series.labels(labels).observe(seconds);
      counter.inc(labels);
      histogram.observe(labels, seconds);
    },
  };
}

describe('the HTTP answers’ series', () => {
  it('write the lines prom-client’s Counter and Histogram write for the same answers', async () => {
    const { ours, theirs, observe } = both();
    const api = { method: 'GET', route: '/api/:kind/:type', status_class: '2xx' };
    const page = { method: 'GET', route: '/printers/:type', status_class: '2xx' };
    const missing = { method: 'GET', route: 'unmatched', status_class: '4xx' };
    // every bound itself (it belongs to its own bucket), just above it, nothing at all, and beyond the last
    for (const bound of BUCKETS) {
      observe(api, bound);
      observe(page, bound + 0.0001);
    }
    observe(api, 0);
    observe(missing, 12.5);
    observe(missing, 0.0042);
    for (let i = 0; i < 500; i++) observe(page, ((i * 7919) % 13_000) / 1000);

    const text = await ours.metrics();
    expect(text).toBe(await theirs.metrics());
    expect(await ours.getMetricsAsJSON()).toEqual(await theirs.getMetricsAsJSON());
    // and what that text says, read as Prometheus would
    expect(text).toContain('test_http_requests_total{method="GET",route="/api/:kind/:type",status_class="2xx"} 12');
    expect(text).toContain(
      'test_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/:kind/:type",status_class="2xx"} 2',
    );
    expect(text).toContain('test_http_request_duration_seconds_bucket{le="10",method="GET",route="unmatched",status_class="4xx"} 1');
    expect(text).toContain('test_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="unmatched",status_class="4xx"} 2');
  });

  it('make a series once per set of labels, and start afresh when the registry is reset', async () => {
    const { ours, theirs, observe } = both();
    const labels = { method: 'POST', route: '/api/quote', status_class: '5xx' };
    observe(labels, 0.2);
    observe({ ...labels }, 0.3);
    expect(await ours.metrics()).toBe(await theirs.metrics());
    expect(await ours.metrics()).toContain(
      'test_http_request_duration_seconds_count{method="POST",route="/api/quote",status_class="5xx"} 2',
    );
    ours.resetMetrics();
    theirs.resetMetrics();
    expect(await ours.metrics()).toBe(await theirs.metrics());
    observe(labels, 0.05);
    expect(await ours.metrics()).toBe(await theirs.metrics());
  });
});
