/**
 * For the tests of docs/ops/ (alert rules, dashboard): the series the server exports, read from its
 * metrics registry (server/src/metrics), which is what they may name (a histogram is scraped as its
 * `_bucket`, `_sum` and `_count` series; `up` and `ALERTS` are Prometheus' own); and Prometheus'
 * `promtool`, from Debian's `prometheus` package (`.ci/run` installs it).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { createMetrics, METRIC_PREFIX } from '../src/metrics';

export const OPS_DIR = path.resolve(__dirname, '..', '..', 'docs', 'ops');
const PROMTOOL = process.env.PROMTOOL ?? '/usr/bin/promtool';
const run = promisify(execFile);

/** TEST_PROMTOOL=skip leaves the promtool cases out, explicitly, and never under CI=true. */
export const promtoolSkipped = process.env.TEST_PROMTOOL === 'skip' && process.env.CI !== 'true';

/** promtool's exit code and output, failing with what to install when it is not there. */
export async function promtool(args: string[]): Promise<{ code: number; output: string }> {
  if (!existsSync(PROMTOOL)) {
    throw new Error(
      `promtool is not installed at ${PROMTOOL}: install Debian's prometheus (apt-get install prometheus; .ci/run does) ` +
        'or set PROMTOOL to its path; TEST_PROMTOOL=skip leaves these tests out (not under CI=true)',
    );
  }
  return run(PROMTOOL, args, { cwd: OPS_DIR }).then(
    ({ stdout, stderr }) => ({ code: 0, output: stdout + stderr }),
    (error: { code?: number; stdout?: string; stderr?: string }) => ({
      code: error.code ?? -1,
      output: (error.stdout ?? '') + (error.stderr ?? ''),
    }),
  );
}

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
