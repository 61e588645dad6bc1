/**
 * The app's metrics (metrics/metrics.ts), decorated as `app.metrics` before every other plugin so
 * each part can count what it does. This plugin also counts every answer (metrics/httpMetrics.ts)
 * and, once the app is ready and every part it reads is decorated, sets the gauges read at scrape
 * time (metrics/scrape.ts). Where they are served (METRICS_PORT) is metrics/server.ts, listened on
 * by start.ts; tests call serveMetrics() themselves.
 */
import fp from 'fastify-plugin';
import { createMetrics, type Metrics } from '../metrics';
import { installHttpMetrics } from '../metrics/httpMetrics';
import { installScrapeCollectors } from '../metrics/scrape';
import type { CanaryFigures } from '../pages/releases/model';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

const canaryFigures = (health: { figures(): readonly CanaryFigures[] }) => () => health.figures();

export const metricsPlugin = fp<{ clock: () => number }>(
  async (app, { clock }) => {
    const metrics = createMetrics();
    app.decorate('metrics', metrics);
    installHttpMetrics(app, metrics);
    app.addHook('onReady', async () => {
      const shared = app.sharedRateLimits ?? null;
      if (shared) shared.onLocalCount = (route) => metrics.rateLimitLocal.inc({ route });
      installScrapeCollectors(metrics, {
        db: app.db,
        clock,
        draining: () => app.lifecycle?.draining ?? false,
        rateLimitStore: shared,
        releases: app.hasDecorator('releases') ? () => app.releases.snapshot() : null,
        // the health counter the releases were made with (a test may stand another in for what requests use)
        canaries: app.hasDecorator('releases') ? canaryFigures(app.releases.health) : null,
      });
    });
  },
  { name: 'metrics' },
);
