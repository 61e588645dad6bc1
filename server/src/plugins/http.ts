/**
 * What every answer goes through: compression, the error answers, the JSON body parser, finite
 * query numbers, the security headers and rate limits, and API answers marked not to be indexed.
 * With REDIS_URL the rate limits count in Redis (`app.sharedRateLimits`, closed with the app).
 */
import fastifyCompress from '@fastify/compress';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { BROTLI_OPTIONS, COMPRESSION, GZIP_OPTIONS } from '../http/compression';
import { installErrorHandling, installFiniteQueryNumbers } from '../http/errors';
import { installJsonBodyParser } from '../http/jsonBody';
import { connectRateLimits, type SharedRateLimits } from '../http/rateLimitStore';
import { installSecurity } from '../http/security';

declare module 'fastify' {
  interface FastifyInstance {
    /** the rate limits' Redis, when REDIS_URL is set */
    sharedRateLimits: SharedRateLimits | null;
  }
}

export const httpPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    // Dynamic responses (JSON, the index page) are compressed per request at a cheap level
    // (http/compression.ts); the catalogue's cached answers carry their own compressed forms, and
    // the built site's files their own precompressed copies (see pages/siteRoutes.ts).
    await app.register(fastifyCompress, {
      encodings: ['br', 'gzip'],
      threshold: COMPRESSION.threshold,
      brotliOptions: BROTLI_OPTIONS,
      zlibOptions: GZIP_OPTIONS,
    });
    installErrorHandling(app);
    installJsonBodyParser(app);
    installFiniteQueryNumbers(app);
    const shared = config.redisUrl ? await connectRateLimits(config.redisUrl, app.log) : null;
    app.decorate('sharedRateLimits', shared);
    if (shared) app.addHook('onClose', async () => shared.close());
    await installSecurity(app, config, shared);
    // API answers are data for the site's pages, never pages to index (see pages/sitemap.ts).
    // Synchronous, as every hook on every request's path (http/security.ts).
    app.addHook('onSend', (request, reply, payload, done) => {
      if (request.url.startsWith('/api/')) reply.header('X-Robots-Tag', 'noindex');
      done(null, payload);
    });
  },
  { name: 'copytech-http' },
);
