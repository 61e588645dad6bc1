/**
 * What every answer goes through: compression, the error answers, the JSON body parser, finite
 * query numbers, the security headers and rate limits, and API answers marked not to be indexed.
 */
import fastifyCompress from '@fastify/compress';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { BROTLI_OPTIONS, COMPRESSION, GZIP_OPTIONS } from '../http/compression';
import { installErrorHandling, installFiniteQueryNumbers } from '../http/errors';
import { installJsonBodyParser } from '../http/jsonBody';
import { installSecurity } from '../http/security';

export const httpPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    // Dynamic responses (JSON, the index page) are compressed per request at a cheap level
    // (http/compression.ts); the catalogue's cached answers carry their own compressed forms, and
    // the built site's files their own precompressed copies (see routes/site.ts).
    await app.register(fastifyCompress, {
      encodings: ['br', 'gzip'],
      threshold: COMPRESSION.threshold,
      brotliOptions: BROTLI_OPTIONS,
      zlibOptions: GZIP_OPTIONS,
    });
    installErrorHandling(app);
    installJsonBodyParser(app);
    installFiniteQueryNumbers(app);
    await installSecurity(app, config);
    // API answers are data for the site's pages, never pages to index (see site/sitemap.ts).
    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith('/api/')) reply.header('X-Robots-Tag', 'noindex');
    });
  },
  { name: 'copytech-http' },
);
