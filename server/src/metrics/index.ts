/** The platform's metrics (metrics.ts): what the rest of the server imports. */
export { createMetrics, statusClassOf, METRIC_PREFIX, type Metrics, type Dependency, type FallbackReason } from './metrics';
