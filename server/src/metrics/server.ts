/**
 * The metrics listener (docs/deploy.md "Monitoring"): `GET /metrics` in Prometheus' text format, on
 * METRICS_HOST:METRICS_PORT (loopback, 9464 by default; 0: not served), a plain node:http server of
 * its own beside the public one. Nothing else is served there, and the public port has no
 * /metrics: the series say how busy the site is and which releases it runs, for operators only.
 *
 * A scrape never fails for a dependency that is away: the values read from the database at scrape
 * time are bounded by a short wait and keep their last value past it (metrics/scrape.ts).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';

export interface MetricsServer {
  /** the port it listens on (the one asked for, or the one given for 0 in tests) */
  port: number;
  close(): Promise<void>;
}

/** One answer of the registry: 200 with the series, or 500 with the reason (never a stack). */
async function answer(registry: Registry, response: http.ServerResponse): Promise<void> {
  try {
    const text = await registry.metrics();
    response.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
    response.end(text);
  } catch (error) {
    response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
    response.end(`metrics could not be collected: ${(error as Error).message}\n`);
  }
}

/**
 * Serves `registry` on host:port; `port` 0 takes a free port (tests). Rejects with the listen
 * error (EADDRINUSE, EACCES) for start.ts to name the setting.
 */
export function serveMetrics(registry: Registry, options: { host: string; port: number }): Promise<MetricsServer> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if ((request.method === 'GET' || request.method === 'HEAD') && path === '/metrics') {
      void answer(registry, response);
      return;
    }
    response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' });
    response.end('Not found: the metrics are at /metrics\n');
  });
  // A scraper keeps its connection open between scrapes; a close must not wait for it.
  server.keepAliveTimeout = 5_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
