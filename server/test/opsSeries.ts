/**
 * The series the server exports, read from its metrics registry (server/src/metrics): what the
 * alert rules and the dashboard in docs/ops/ may name. A histogram is scraped as its `_bucket`,
 * `_sum` and `_count` series; `up` and `ALERTS` are Prometheus' own.
 */
import path from 'node:path';
import { createMetrics, METRIC_PREFIX } from '../src/metrics';

export const OPS_DIR = path.resolve(__dirname, '..', '..', 'docs', 'ops');

export async function exportedSeries(): Promise<{ all: Set<string>; families: string[]; ours: string[] }> {
  const metrics = createMetrics();
  const families = await metrics.registry.getMetricsAsJSON();
  const all = new Set<string>(['up', 'ALERTS']);
  for (const family of families) {
    all.add(family.name);
    if (String(family.type) === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) all.add(family.name + suffix);
  }
  const own = new Set((await createMetrics({ defaults: false }).registry.getMetricsAsJSON()).map((family) => family.name));
  return {
    all,
    families: families.map((family) => family.name),
    // the server's own families (not the library's process and Node.js defaults)
    ours: families.map((family) => family.name).filter((name) => own.has(name)),
  };
}

/** The metric names a PromQL text uses: our prefix's names, and Prometheus' own `up{…}` and `ALERTS{…}`. */
export function seriesNamed(promql: string): string[] {
  const names = promql.match(new RegExp(`\\b${METRIC_PREFIX}[a-zA-Z0-9_]+\\b|\\b(up|ALERTS)(?=\\{)`, 'g')) ?? [];
  return [...new Set(names)];
}
