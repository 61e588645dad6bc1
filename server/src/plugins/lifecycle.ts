/**
 * The instance's lifecycle behind a load balancer: serving, then draining (docs/deploy.md
 * "Shutdown and health"). `app.lifecycle` says whether the instance drains (GET /api/health/ready
 * answers 503 from then on) and counts the requests in flight; while it drains every answer says
 * `Connection: close`, so no keep-alive connection outlives the drain.
 *
 * drain() is what start.ts runs on SIGTERM or SIGINT, within SHUTDOWN_TIMEOUT_MS:
 *
 * 1. ready answers 503 at once; for DRAIN_DELAY_MS the instance still serves (the load balancer
 *    sees the 503 and stops sending requests before connections are refused);
 * 2. app.close(): new requests on open connections get 503, idle keep-alive connections are
 *    closed, no new connection is accepted, and the requests in flight finish (Fastify's
 *    return503OnClosing and forceCloseConnections 'idle', both defaults);
 * 3. then the onClose hooks: the outbox worker claims nothing more, finishes the deliveries in
 *    flight and releases any claim it still holds; the mail transport, Redis and the database
 *    close.
 *
 * Past the bound, the claims of the deliveries still running are released (another instance
 * takes them at once rather than after their lease), a line says what was still running, and
 * the result says so (start.ts exits 1).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export class Lifecycle {
  /** since SIGTERM */
  draining = false;
  requestsInFlight = 0;
}

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: Lifecycle;
  }
}

export const lifecyclePlugin = fp(
  async (app) => {
    const lifecycle = new Lifecycle();
    app.decorate('lifecycle', lifecycle);
    // Synchronous hooks, as every hook on every request's path (http/security.ts).
    app.addHook('onRequest', (_request, reply, done) => {
      lifecycle.requestsInFlight++;
      // 'close' comes whether the answer was sent or the client went away.
      reply.raw.once('close', () => lifecycle.requestsInFlight--);
      done();
    });
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (lifecycle.draining) reply.header('Connection', 'close');
      done(null, payload);
    });
  },
  { name: 'copytech-lifecycle' },
);

export interface DrainOptions {
  /** keep serving this long after the signal, with ready at 503 (DRAIN_DELAY_MS) */
  delayMs: number;
  /** the whole drain's bound (SHUTDOWN_TIMEOUT_MS) */
  timeoutMs: number;
}

export interface DrainResult {
  /** true: everything closed within the bound */
  clean: boolean;
  ms: number;
  /** what was still running when the bound was reached */
  stillRunning?: { requests: number; deliveries: number; releasedClaims: number };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function drain(app: FastifyInstance, { delayMs, timeoutMs }: DrainOptions): Promise<DrainResult> {
  const started = Date.now();
  app.lifecycle.draining = true;
  app.log.info({ delayMs, timeoutMs }, 'draining: /api/health/ready answers 503; in-flight requests and deliveries may finish');
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  const closing = (async () => {
    if (delayMs > 0) await sleep(delayMs);
    await app.close();
    return 'closed' as const;
  })().catch((error: unknown) => {
    app.log.error({ err: (error as Error)?.message }, 'shutdown: closing failed');
    return 'failed' as const;
  });
  const outcome = await Promise.race([closing, bound]);
  clearTimeout(timer);
  const ms = Date.now() - started;
  if (outcome === 'closed') {
    app.log.info({ ms }, 'shut down cleanly');
    return { clean: true, ms };
  }
  const releasedClaims = await app.outbox.releaseClaims().catch(() => 0);
  const stillRunning = { requests: app.lifecycle.requestsInFlight, deliveries: app.outbox.deliveriesInFlight, releasedClaims };
  app.log.error(
    { ...stillRunning, ms },
    outcome === 'timeout'
      ? `shutdown: not finished within SHUTDOWN_TIMEOUT_MS (${timeoutMs} ms): ${stillRunning.requests} requests and ${stillRunning.deliveries} outbox deliveries still running; ${releasedClaims} outbox claims released`
      : 'shutdown: the app did not close cleanly',
  );
  return { clean: false, ms, stillRunning };
}
