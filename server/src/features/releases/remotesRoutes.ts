/**
 * GET /remotes.json: which remotes the shell loads, and from where: for each remote, the manifest
 * of the release this browser uses (pages/releases/selection.ts: the live release, a canary for a
 * visitor in its share, or a preview), and the releases' ids. Read from the live pointers held in
 * memory on every request, so a promote or a rollback needs no rebuild and no restart.
 */
import type { FastifyPluginAsync } from 'fastify';
import { REMOTE_NAMES, type RemoteName, type RemotesManifest } from '@copytech/shared/domain';
import type { Config } from '../../config';
import { canaryRunning, chooseReleases, parseCookies } from '../../pages/releases/selection';

export const remotesPlugin: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  app.get('/remotes.json', async (request, reply) => {
    const chosen = chooseReleases(app.releases, parseCookies(request.headers.cookie), (token) => app.releases.verifyPreview(token), {
      secure: request.protocol === 'https',
    });
    const { selection } = chosen;
    const manifest: RemotesManifest = {
      remotes: Object.fromEntries(REMOTE_NAMES.map((name) => [name, selection[name].release.manifestUrl])) as Record<RemoteName, string>,
      timeoutMs: config.remoteTimeoutMs,
      releases: Object.fromEntries(REMOTE_NAMES.map((name) => [name, selection[name].release.id])),
    };
    if (chosen.setCookies.length > 0) reply.header('Set-Cookie', chosen.setCookies);
    // Private while a canary runs (and on a preview): which releases it names depends on the visitor's cookies.
    const varies = chosen.private || canaryRunning(app.releases.snapshot()) || chosen.setCookies.length > 0;
    reply.header('Cache-Control', varies ? 'private, no-cache' : 'no-cache');
    return manifest;
  });
};
