/** The basket's quote: POST /api/quote, the instant quote without JavaScript (/instant-quote/…), its store and its e-mails. */
import type { FastifyPluginAsync } from 'fastify';
import type { WriteDeps } from '../../writes/writeDeps';
import { instantQuotePlugin } from './instantQuoteRoutes';
import { quotePlugin as quoteApiPlugin } from './quoteRoutes';

export const quotePlugin: FastifyPluginAsync<WriteDeps> = async (app, deps) => {
  await app.register(quoteApiPlugin, deps);
  // Its own plugin, so its form parser is its alone: POST /api/quote stays JSON only.
  await app.register(instantQuotePlugin, deps);
};
