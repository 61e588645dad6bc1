/**
 * POST /api/releases/beacon: a browser reports a remote that failed to load on a page
 * (shared/src/federation/remoteRegistry.ts, navigator.sendBeacon, once per remote and page view):
 * `{"remote":"checker","release":"3f9a0c1d2e4b"}`, nothing else, no personal data. It counts a
 * browser failure of that release (app.releases.health: bounded counters that feed a canary's
 * automatic rollback). Public, so: at most 1 KB, rate limited (30 a minute per IP), validated; a
 * remote or release this site does not know is ignored (204, as a counted one: a beacon is never
 * answered anyway).
 */
import type { FastifyPluginAsync } from 'fastify';
import { REMOTE_NAMES, type RemoteName } from '@copytech/shared/domain';
import { RELEASE_ID } from '../../pages/releases/model';

export const BEACON_LIMIT_PER_MINUTE = 30;
const MAX_BYTES = 1024;

/** The beacon's fields, or null when it is not one. */
export function parseBeacon(body: unknown): { remote: RemoteName; release: string } | null {
  let value = body;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null) return null;
  const { remote, release } = value as { remote?: unknown; release?: unknown };
  if (typeof remote !== 'string' || !(REMOTE_NAMES as readonly string[]).includes(remote)) return null;
  if (typeof release !== 'string' || !RELEASE_ID.test(release)) return null;
  return { remote: remote as RemoteName, release };
}

export const releaseBeaconPlugin: FastifyPluginAsync = async (app) => {
  // sendBeacon with a string sends text/plain; the body is read as text and parsed here.
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: MAX_BYTES }, (_request, body, done) => done(null, body));
  app.post(
    '/api/releases/beacon',
    { bodyLimit: MAX_BYTES, config: { rateLimit: { max: BEACON_LIMIT_PER_MINUTE, timeWindow: 60_000 } } },
    async (request, reply) => {
      const beacon = parseBeacon(request.body);
      reply.header('Cache-Control', 'no-store');
      if (!beacon) return reply.code(400).send({ error: 'Bad Request', message: 'Expected {"remote": ..., "release": ...}.' });
      const { remote, release } = beacon;
      const { live, canary } = app.releases.snapshot().remotes[remote];
      const known = live.id === release || canary?.release.id === release || app.releases.find(remote, release) !== null;
      if (known) {
        app.releases.health.failure(remote, release, 'browser');
        // Known releases only: the label's values are bounded by the releases kept.
        app.metrics.releaseLoadFailures.inc({ remote, version: release });
      }
      return reply.code(204).send();
    },
  );
};
