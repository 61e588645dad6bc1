/**
 * Starts the server, loaded by main.ts once NODE_ENV is set: `npm start` (built) or
 * `npm run dev -w server` (watch). A start-up problem is one line on stderr naming the setting and
 * the path or value to fix, and exit code 1; the stack trace only with LOG_LEVEL=debug. The server
 * listens only once the database is migrated and seeded, so nothing (not even /api/health/ready)
 * answers while it starts; on SIGTERM it drains (plugins/lifecycle.ts).
 */
import { resolveSiteRoute } from '@copytech/shared/domain';
import { buildApp } from './app';
import { StartupError, loadConfig } from './config';
import { SeedDataError } from './db/seed';
import { serveMetrics } from './metrics/server';
import { drain } from './plugins/lifecycle';
import { sitemapEntries } from './pages/sitemap';

function fail(error: unknown): never {
  const err = error as NodeJS.ErrnoException;
  const known = error instanceof StartupError || error instanceof SeedDataError;
  let line = known ? err.message : `${err?.message ?? String(error)}`;
  if (error instanceof SeedDataError && !/DATA_DIR/.test(line)) line = `DATA_DIR: ${line}`;
  process.stderr.write(`Copytech cannot start: ${line.replace(/\s*\n\s*/g, ' ')}\n`);
  if (!known && process.env.LOG_LEVEL === 'debug' && err?.stack) process.stderr.write(`${err.stack}\n`);
  process.exit(1);
}

let config: ReturnType<typeof loadConfig>;
let app: Awaited<ReturnType<typeof buildApp>>;
try {
  config = loadConfig();
  app = await buildApp({ config });
} catch (error) {
  fail(error);
}

// SIGTERM (or SIGINT): drain within SHUTDOWN_TIMEOUT_MS, exit 0 when everything finished, else 1
// (plugins/lifecycle.ts). A second signal does not wait: exit 1 at once.
let shuttingDown = false;
const shutdown = async (signal: string) => {
  if (shuttingDown) {
    app.log.warn({ signal }, 'shutdown: a second signal, so exiting without waiting for the drain');
    process.exit(1);
  }
  shuttingDown = true;
  app.log.info({ signal }, 'shutting down');
  const result = await drain(app, { delayMs: config.drainDelayMs, timeoutMs: config.shutdownTimeoutMs });
  process.exit(result.clean ? 0 : 1);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Copytech is running at http://localhost:${config.port}`);
} catch (error) {
  await cannotListen(error, 'PORT', config.port, config.host, 'set PORT');
}

// The metrics, for Prometheus, on a listener of their own (never the public port): METRICS_PORT, 0 for none.
if (config.metrics.port > 0) {
  try {
    await serveMetrics(app.metrics.registry, config.metrics);
    app.log.info({ metrics: `http://${config.metrics.host}:${config.metrics.port}/metrics` }, 'metrics served for Prometheus');
  } catch (error) {
    await cannotListen(error, 'METRICS_PORT', config.metrics.port, config.metrics.host, 'set METRICS_PORT (0 serves no metrics)');
  }
}

if (config.serveSite && config.serverRender) void warmServerRendering();

/** A port that cannot be opened: one line naming the setting, and exit 1. */
async function cannotListen(error: unknown, setting: string, port: number, host: string, fix: string): Promise<never> {
  const code = (error as NodeJS.ErrnoException).code;
  await app.close().catch(() => undefined);
  if (code === 'EADDRINUSE') fail(new StartupError(`${setting} ${port} is already in use on ${host}: stop the other server or ${fix}`));
  if (code === 'EACCES') fail(new StartupError(`${setting} ${port} on ${host} may not be opened by this user: set ${setting} above 1023`));
  fail(error);
}

/**
 * Loads the server builds of the shell and the remotes (and their on-demand chunks) by rendering a
 * page of each kind once, in process, so the first visitors' pages do not wait for them (a load
 * that ran over the render budget would leave a part of their page to their browser).
 */
async function warmServerRendering(): Promise<void> {
  const started = Date.now();
  // A product page too: its code is a chunk of its own in the catalogue's server build.
  const entries = await sitemapEntries(app.sitemap).catch(() => []);
  const product = entries.find((entry) => resolveSiteRoute(entry.path).kind === 'product')?.path;
  for (const url of ['/', '/printers', ...(product ? [product] : []), '/discover-print-savings', '/contact-us']) {
    // Marked as the server's own request (http/inProcess.ts): not a client's, so not counted in the HTTP metrics.
    await app.inject({ method: 'GET', url, headers: app.inProcess.headers }).catch(() => undefined);
  }
  app.log.info({ ms: Date.now() - started }, 'server rendering ready');
}
