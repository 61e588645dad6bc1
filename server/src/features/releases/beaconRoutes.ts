/**
 * POST /api/releases/beacon: a browser reports how a canary remote did on a page view
 * (shared/src/federation/remoteRegistry.ts, navigator.sendBeacon, once per canary remote and page
 * view): `{"token":"<the page's page-view token>","remote":"checker","outcome":"ok"|"failed"}`,
 * nothing else, no personal data. A report that passes every check below is a view of the canary
 * release, and a failure when it says `failed` (a browser failure) or when the page's token says
 * the server render of that remote failed (a server failure); counted by app.releases.health.
 *
 * The checks, in this order, each before any budget is spent (docs/architecture.md "Releases of
 * a remote"):
 *
 * 1. same origin: `Sec-Fetch-Site: same-origin`, or without that header an `Origin` that is the
 *    site's (a page on another site cannot make its visitors' browsers report) -> `cross-site`;
 * 2. the body is a report -> else `malformed` (400);
 * 3. the token is signed by this site's page-view key (pageViews.ts: no preview token, no token
 *    altered) -> `forged`;
 * 4. it has not expired (PAGE_VIEW_TOKEN_MS) -> `expired`;
 * 5. it names this remote (a token of a page that had no canary of it is `forged`) at a release
 *    that is still the remote's running canary -> `not-canary`;
 * 6. its page view and remote were not reported before to this instance (an in-memory first line
 *    of defence; the database decides across instances at the flush) -> `replayed`;
 * 7. the address's budget: at most COUNTED_REPORTS_PER_MINUTE reports that passed 1-6, per
 *    address and minute (in Redis with REDIS_URL, so across instances) -> `limited`.
 *
 * Every ignored report is counted in copytech_release_beacons_total by its reason, never logged
 * one by one (the route logs at warn only); the counted ones and the replays the database finds
 * are counted there at the flush. The answer is 204 to everything well-formed, counted or not (a
 * beacon's answer is never read), and at most 1 KB is read. A forged report costs one HMAC and no
 * I/O, and spends nobody's budget.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { REMOTE_NAMES, type RemoteName } from '@copytech/shared/domain';
import type { Config } from '../../config';
import { siteOrigin } from '../../pages/origin';
import type { CanaryReport } from '../../pages/releases/model';
import { PAGE_VIEW_TOKEN_MS } from './pageViews';

/**
 * Reports counted per address and minute. 120: an office of buyers behind one address (30 people
 * each opening two pages a minute that run two canary remotes) stays under it; one address can
 * still not move a canary far (each report it sends is also a view).
 */
export const COUNTED_REPORTS_PER_MINUTE = 120;
const MAX_BYTES = 1024;

export const BEACON_RESULTS = ['counted', 'forged', 'replayed', 'expired', 'not-canary', 'cross-site', 'malformed', 'limited'] as const;
export type BeaconResult = (typeof BEACON_RESULTS)[number];

export interface Beacon {
  /** '' when the body has none */
  token: string;
  remote: RemoteName;
  outcome: 'ok' | 'failed';
}

/** The beacon's fields, or null when it is not one. */
export function parseBeacon(body: unknown): Beacon | null {
  let value = body;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { token = '', remote, outcome } = value as { token?: unknown; remote?: unknown; outcome?: unknown };
  if (typeof remote !== 'string' || !(REMOTE_NAMES as readonly string[]).includes(remote)) return null;
  if (outcome !== 'ok' && outcome !== 'failed') return null;
  if (typeof token !== 'string') return null;
  return { token, remote: remote as RemoteName, outcome };
}

/** Whether the request comes from a page of this site, as the browser says. */
function sameOrigin(request: FastifyRequest, config: Config): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (fetchSite !== undefined) return fetchSite === 'same-origin';
  const origin = request.headers.origin;
  return origin !== undefined && (origin === siteOrigin(config, request) || origin === `${request.protocol}://${request.host}`);
}

export const releaseBeaconPlugin: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  const { releases, metrics } = app;
  /** (page view, remote) pairs this instance has taken, kept as long as their token can be valid */
  const seen = new LRUCache<string, true>({ max: 100_000, ttl: PAGE_VIEW_TOKEN_MS + 60_000, ttlAutopurge: false });
  const budget = app.createRateLimit({
    max: COUNTED_REPORTS_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request) => `release-beacon:${request.ip}`,
  });
  for (const result of BEACON_RESULTS) metrics.releaseBeacons.labels({ result }).inc(0);

  async function judge(request: FastifyRequest): Promise<{ result: Exclude<BeaconResult, 'counted'> } | { report: CanaryReport }> {
    if (!sameOrigin(request, config)) return { result: 'cross-site' };
    const beacon = parseBeacon(request.body);
    if (!beacon) return { result: 'malformed' };
    const check = releases.verifyPageView(beacon.token);
    if (!check.ok) return { result: check.reason === 'expired' ? 'expired' : 'forged' };
    const { claim } = check;
    const release = claim.canaries[beacon.remote];
    if (release === undefined) return { result: 'forged' };
    if (releases.snapshot().remotes[beacon.remote].canary?.release.id !== release) return { result: 'not-canary' };
    const pair = `${claim.pageView} ${beacon.remote}`;
    if (seen.has(pair)) return { result: 'replayed' };
    const spent = await budget(request);
    if (!spent.isAllowed && spent.isExceeded) return { result: 'limited' };
    seen.set(pair, true);
    const failure = claim.serverFailed.includes(beacon.remote) ? 'server' : beacon.outcome === 'failed' ? 'browser' : null;
    return { report: { pageView: claim.pageView, remote: beacon.remote, release, failure, expiresAt: claim.expiresAt } };
  }

  // sendBeacon with a string sends text/plain; the body is read as text and parsed here.
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: MAX_BYTES }, (_request, body, done) => done(null, body));
  app.post('/api/releases/beacon', { bodyLimit: MAX_BYTES, logLevel: 'warn' }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const judged = await judge(request);
    if ('report' in judged) releases.health.report(judged.report);
    else metrics.releaseBeacons.inc({ result: judged.result });
    if ('result' in judged && judged.result === 'malformed')
      return reply.code(400).send({ error: 'Bad Request', message: 'Expected {"token": ..., "remote": ..., "outcome": "ok" | "failed"}.' });
    return reply.code(204).send();
  });
};
