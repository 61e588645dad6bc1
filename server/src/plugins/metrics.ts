/**
 * The app's metrics (metrics/metrics.ts), decorated as `app.metrics` before every other plugin so
 * each part can count what it does. Where they are served (METRICS_PORT) is metrics/ too.
 */
import fp from 'fastify-plugin';
import { createMetrics, type Metrics } from '../metrics';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

export const metricsPlugin = fp(
  async (app) => {
    app.decorate('metrics', createMetrics());
  },
  { name: 'metrics' },
);
