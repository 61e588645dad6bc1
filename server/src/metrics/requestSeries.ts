/**
 * The HTTP answers' count and duration (copytech_http_requests_total and
 * copytech_http_request_duration_seconds), one series per method, route and status class, counted
 * on every request's path.
 *
 * prom-client's Counter and Histogram check the labels, hash them into a string and find each
 * bucket by a property name made from its bound on every call: about 3.5 µs for a count and a
 * duration together on this machine (a million calls), which is 3 to 4% of an API answer sent from
 * the answer cache. Here each series is made once (httpMetrics.ts keeps it) and a request adds to
 * plain numbers; the registry reads them when it is scraped and writes the same lines prom-client's
 * own metrics would (server/test/requestSeries.test.ts compares the two).
 */
import type { Metric, Registry } from 'prom-client';

/** One series: counting an answer and its duration. */
export interface RequestSeriesChild {
  observe(seconds: number): void;
}

interface Series extends RequestSeriesChild {
  labels: Record<string, string>;
  /** answers per bucket, not cumulative; the last one is above every bound (+Inf) */
  buckets: Float64Array;
  sum: number;
  count: number;
}

export interface RequestSeriesOptions {
  counter: { name: string; help: string };
  histogram: { name: string; help: string };
  labelNames: readonly string[];
  /** upper bounds in seconds, ascending */
  buckets: readonly number[];
  registers: Registry[];
}

export interface RequestSeries {
  /** the series of these labels, made on first use */
  labels(labels: Record<string, string>): RequestSeriesChild;
}

/** A value as prom-client's metrics give it to the registry. */
interface Value {
  value: number;
  labels: Record<string, string | number>;
  sharedLabels?: Record<string, string>;
  metricName?: string;
  /** none: a bucket's exemplar, which prom-client's histograms say is null when exemplars are off */
  exemplar?: null;
}

export function createRequestSeries(options: RequestSeriesOptions): RequestSeries {
  const bounds = [...options.buckets];
  const all = new Map<string, Series>();

  function make(labels: Record<string, string>): Series {
    const series: Series = {
      labels: Object.fromEntries(options.labelNames.map((name) => [name, labels[name] ?? ''])),
      buckets: new Float64Array(bounds.length + 1),
      sum: 0,
      count: 0,
      observe(seconds) {
        let bucket = 0;
        while (bucket < bounds.length && seconds > bounds[bucket]!) bucket++;
        series.buckets[bucket]! += 1;
        series.sum += seconds;
        series.count += 1;
      },
    };
    return series;
  }

  const counter = registryView(options.counter, 'counter', () =>
    [...all.values()].map((series): Value => ({ value: series.count, labels: series.labels })),
  );
  const histogram = registryView(options.histogram, 'histogram', () => {
    const values: Value[] = [];
    const bucketName = `${options.histogram.name}_bucket`;
    for (const series of all.values()) {
      let below = 0;
      bounds.forEach((bound, i) => {
        below += series.buckets[i]!;
        values.push({ value: below, labels: { le: bound }, sharedLabels: series.labels, metricName: bucketName, exemplar: null });
      });
      values.push(
        { value: series.count, labels: { le: '+Inf' }, sharedLabels: series.labels, metricName: bucketName, exemplar: null },
        { value: series.sum, labels: {}, sharedLabels: series.labels, metricName: `${options.histogram.name}_sum` },
        { value: series.count, labels: {}, sharedLabels: series.labels, metricName: `${options.histogram.name}_count` },
      );
    }
    return values;
  });
  const reset = () => all.clear();
  for (const registry of options.registers) {
    registry.registerMetric({ ...counter, reset } as unknown as Metric);
    registry.registerMetric({ ...histogram, reset } as unknown as Metric);
  }

  return {
    labels(labels) {
      const key = options.labelNames.map((name) => labels[name] ?? '').join('\u0000');
      let series = all.get(key);
      if (!series) all.set(key, (series = make(labels)));
      return series;
    },
  };
}

/** What a registry asks of a metric (prom-client's Registry reads `name`, `get()` and `getForPromString()`). */
function registryView(about: { name: string; help: string }, type: 'counter' | 'histogram', values: () => Value[]) {
  const data = (splay: boolean) => ({
    name: about.name,
    help: about.help,
    type,
    aggregator: 'sum' as const,
    values: splay ? values().map(({ sharedLabels, ...value }) => ({ ...value, labels: { ...value.labels, ...sharedLabels } })) : values(),
  });
  return {
    name: about.name,
    help: about.help,
    type,
    aggregator: 'sum' as const,
    get: async () => data(true),
    getForPromString: async () => data(false),
  };
}
