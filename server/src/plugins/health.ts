/** GET /api/health: readiness. 200 when the database answers (with the outbox backlog), else 503. */
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../db/database';
import { sendError } from '../http/errors';

export const healthPlugin: FastifyPluginAsync<{ db: Db; mail: string }> = async (app, { db, mail }) => {
  app.get('/api/health', async (request, reply) => {
    try {
      const rows = await db.selectFrom('outbox').where('status', 'in', ['pending', 'dead']).select((eb) => ['status', eb.fn.countAll().as('count')]).groupBy('status').execute();
      const count = (status: string) => Number(rows.find((r) => r.status === status)?.count ?? 0);
      reply.header('Cache-Control', 'no-store');
      return { status: 'ok', database: 'ok', mail, outbox: { pending: count('pending'), dead: count('dead') } };
    } catch (error) {
      request.log.error({ err: (error as Error).message }, 'health check: database unavailable');
      reply.header('Cache-Control', 'no-store');
      return sendError(reply, 503, 'The database is not available.');
    }
  });
};
