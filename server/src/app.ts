/**
 * buildApp(): the Fastify application, one encapsulated plugin per concern. listen() lives in
 * main.ts, so tests build the app and call inject() without a socket.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { loadConfig, type Config } from './config.js';
import { remotesPlugin } from './plugins/remotes.js';
import { sitePlugin } from './plugins/site.js';

export interface BuildOptions {
  config?: Config;
  logger?: boolean;
}

export async function buildApp(options: BuildOptions = {}): Promise<FastifyInstance> {
  const config = options.config ?? loadConfig();
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    bodyLimit: 64 * 1024,
    trustProxy: true,
  });

  await app.register(remotesPlugin, { config });
  if (config.serveSite) await app.register(sitePlugin, { config });
  else app.setNotFoundHandler((request, reply) => reply.code(404).send({ error: 'Not Found', statusCode: 404, message: `No such resource: ${request.url.split('?')[0]}` }));

  return app;
}
