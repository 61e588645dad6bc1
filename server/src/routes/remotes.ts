/**
 * GET /remotes.json: which remotes the shell loads, and from where. Produced from configuration
 * on every request, so pointing a remote at another host or CDN needs no rebuild of anything.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { RemotesManifest } from '@copytech/shared/domain';
import type { Config } from '../config';

export const remotesPlugin: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  app.get('/remotes.json', async (_request, reply) => {
    const manifest: RemotesManifest = { remotes: config.remoteManifests, timeoutMs: config.remoteTimeoutMs };
    reply.header('Cache-Control', 'no-cache');
    return manifest;
  });
};
