/**
 * Health, in two kinds a load balancer or an operator can tell apart:
 *
 * - GET /api/health/live: liveness. 200 while the process answers at all; a supervisor restarts
 *   the process only when this fails.
 * - GET /api/health/ready (and GET /api/health, the same answer): readiness, "can serve and store".
 *   503 when the database cannot be read or written: the instance should get no traffic. 200
 *   otherwise, with `status: 'ok'`, or `status: 'degraded'` and the reasons when it serves but
 *   something needs a person: mail failing for longer than MAIL_ALERT_AFTER_MINUTES, dead outbox
 *   rows, the site not built (when it is served), an image cache that cannot be written, the rate
 *   limits' Redis not answering. A degraded instance stays in rotation: taking it out would not fix
 *   a mail server. 503 too while the instance drains on SIGTERM (plugins/lifecycle.ts), so the load
 *   balancer stops sending it requests; liveness stays 200 meanwhile. (While it starts, nothing
 *   answers: the server listens only once the database is migrated and seeded.)
 *
 * Every answer is no-store, and carries no personal data: counts, codes and settings only.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { errorBody, sendError } from '../http/errors';
import { checkDatabase, outboxState, type OutboxState } from './healthStore';

export type DegradedCode = 'mail-failing' | 'outbox-dead' | 'site-not-built' | 'image-cache-unwritable' | 'rate-limit-store-down';

export interface HealthReason {
  code: DegradedCode;
  message: string;
}

export interface HealthBody {
  status: 'ok' | 'degraded';
  database: 'ok';
  mail: 'smtp' | 'files';
  outbox: OutboxState;
  reasons: HealthReason[];
}

/** A part that can say why the instance is degraded, checked at every readiness answer. */
export interface HealthSource {
  healthReason(): Promise<HealthReason | null>;
}

/** The product images' cache folder: its last error (null while it can be written), and a fresh try. */
export interface ImageCacheProbe {
  cacheError: string | null;
  probeCache(): Promise<string | null>;
}

interface HealthDeps {
  db: Db;
  config: Pick<Config, 'smtpUrl' | 'serveSite' | 'siteRoot' | 'mailAlertAfterMinutes'>;
  images: ImageCacheProbe;
  clock: () => number;
  /** the rate limits' Redis, when there is one */
  sharedRateLimits?: HealthSource | null;
  /** true once the instance drains (SIGTERM) */
  draining?: () => boolean;
}

export async function healthOf({ db, config, images, clock, sharedRateLimits }: HealthDeps): Promise<HealthBody> {
  await checkDatabase(db);
  const outbox = await outboxState(db);

  const reasons: HealthReason[] = [];
  const threshold = config.mailAlertAfterMinutes * 60_000;
  if (outbox.failingSince && clock() - Date.parse(outbox.failingSince) > threshold) {
    reasons.push({
      code: 'mail-failing',
      message: `deliveries have been failing since ${outbox.failingSince}, longer than ${config.mailAlertAfterMinutes} minutes (MAIL_ALERT_AFTER_MINUTES)`,
    });
  }
  if (outbox.dead > 0) {
    reasons.push({
      code: 'outbox-dead',
      message: `${outbox.dead} outbox ${outbox.dead === 1 ? 'row has' : 'rows have'} given up (status dead) and need a person`,
    });
  }
  if (config.serveSite) {
    const index = path.join(config.siteRoot, 'shell', 'dist', 'index.html');
    const built = await fs.access(index).then(
      () => true,
      () => false,
    );
    if (!built) reasons.push({ code: 'site-not-built', message: `the site is not built: ${index} is missing (run npm run build)` });
  }
  // Re-check a failing cache, so a fixed folder clears the reason without a restart.
  const cacheError = images.cacheError === null ? null : await images.probeCache();
  if (cacheError) reasons.push({ code: 'image-cache-unwritable', message: cacheError });
  const rateLimitStore = await sharedRateLimits?.healthReason();
  if (rateLimitStore) reasons.push(rateLimitStore);

  return { status: reasons.length ? 'degraded' : 'ok', database: 'ok', mail: config.smtpUrl ? 'smtp' : 'files', outbox, reasons };
}

export const healthPlugin: FastifyPluginAsync<HealthDeps> = async (app, deps) => {
  app.get('/api/health/live', async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'live' };
  });

  const ready = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('Cache-Control', 'no-store');
    if (deps.draining?.()) {
      const body = errorBody(503, 'This instance is shutting down (draining): send requests to another.');
      return reply.code(503).send({ ...body, status: 'draining' });
    }
    try {
      return await healthOf(deps);
    } catch (error) {
      request.log.error({ err: (error as Error).message }, 'health check: the database cannot be read or written');
      return sendError(reply, 503, 'The database is not available.');
    }
  };
  app.get('/api/health', ready);
  app.get('/api/health/ready', ready);
};
