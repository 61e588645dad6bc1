/**
 * `app.releases`: the release registry (features/releases/registry.ts) as the rest of the server uses it.
 * Requests read only what is in memory: snapshot(), find(), verifyPreview(); the API
 * (features/releases/releasesRoutes.ts) uses the rest: the registry's changes, the store, the
 * credentials (deploy tokens and preview revocations), the gate, preview signing.
 *
 * At start: the release store and its id, the deploy tokens (seeded from DEPLOY_TOKENS and the
 * local tokens file into the database, then held in memory: tokenSeed.ts), the preview and
 * page-view signing keys, the seeding of every remote without a pointer, the first snapshot, then
 * the poll (RELEASE_POLL_MS, which also follows the credentials), the heartbeat (every 2 s), each remote's
 * local build snapshotted as a release unless RELEASE_FOLLOW_LOCAL (startSnapshot.ts), and the
 * canaries' health counting. All of it stops when the app closes.
 */
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import { REMOTE_NAMES, type RemoteName } from '@copytech/shared/domain';
import type { Config } from '../../config';
import { inProcessReader } from '../../pages/inProcessApi';
import { createGate, gateSampleUrls, type Gate, type GateOptions } from './gate';
import { createReleaseHealth, type ReleaseHealthCounter } from './health';
import { createHeartbeat, HEARTBEAT_MS, type Heartbeat } from './instances';
import type { PreviewClaim, ReleasesService } from '../../pages/releases/model';
import { previewKey, signPreview, verifyPreview } from './previewLinks';
import { PAGE_VIEW_TOKEN_MS, pageViewKey, signPageView, verifyPageView } from './pageViews';
import { ReleaseRegistry } from './registry';
import { originPolicy, type OriginPolicy, type Resolver } from '../../pages/releases/originFetch';
import { localRelease, seedPointers } from './seed';
import { snapshotLocalBuilds } from './startSnapshot';
import { ReleaseStore } from './store';
import type { ReleaseCredentials } from './credentials';
import { startCredentials } from './tokenSeed';

/** What `app.releases` holds: what requests read (ReleasesService), and what the API uses. */
export interface Releases extends ReleasesService {
  registry: ReleaseRegistry;
  store: ReleaseStore;
  gate: Gate;
  heartbeat: Heartbeat;
  health: ReleaseHealthCounter;
  /** the deploy tokens in force and the preview links' revocations, in memory (credentials.ts) */
  credentials: ReleaseCredentials;
  /** where origin releases may be read from (RELEASE_ORIGINS and REMOTE_<NAME>_URL), read through originFetch.ts */
  origins: OriginPolicy;
  signPreview(claim: Omit<PreviewClaim, 'issuedAt'>): string;
}

declare module 'fastify' {
  interface FastifyInstance {
    releases: Releases;
  }
}

/** How the registry makes its gate (features/releases/gate.ts createGate; tests pass their own). */
export type GateFactory = (options: GateOptions) => Gate;

export interface ReleasesOptions {
  config: Config;
  clock?: () => number;
  /** the gate (tests pass their own; default: features/releases/gate.ts) */
  gate?: GateFactory;
  /** false: no poll and no heartbeat timer (tests call registry.refresh() / heartbeat.beat()) */
  autoStart?: boolean;
  /** how release origins' host names are resolved (tests pass their own; default dns.lookup) */
  resolve?: Resolver;
}

function startTimers(app: { log: FastifyBaseLogger }, registry: ReleaseRegistry, heartbeat: Heartbeat, pollMs: number) {
  const beat = () =>
    void heartbeat.beat().catch((error: unknown) => app.log.warn({ err: error }, 'the release heartbeat could not be written'));
  const timer = setInterval(beat, HEARTBEAT_MS);
  timer.unref();
  return { poll: registry.start(pollMs), stop: () => clearInterval(timer) };
}

export const releasesPlugin = fp<ReleasesOptions>(
  async (app, { config, clock = Date.now, gate: makeGate = createGate, autoStart = true, resolve }) => {
    const store = new ReleaseStore(config.releases.storeDir ?? path.join(config.varDir, 'releases'));
    const credentials = await startCredentials(app.db, config, app.log, clock);
    const key = await previewKey(app.db);
    const pageKey = await pageViewKey(app.db);
    const local = (remote: RemoteName) => localRelease(config, remote, new Date(clock()).toISOString());
    const registry = new ReleaseRegistry({ db: app.db, local, log: app.log, clock, credentials });
    const origins = originPolicy(config, resolve);
    await seedPointers(app.db, config, new Date(clock()).toISOString(), app.log, origins);
    const heartbeat = createHeartbeat(app.db, store.storeId, () => registry.snapshot().version, clock);
    const timers = startTimers(app, registry, heartbeat, autoStart ? config.releases.pollMs : 0);
    await timers.poll;
    await heartbeat.beat();
    if (!autoStart) timers.stop();
    // After this instance's heartbeat: another instance starting now sees its store, and it theirs.
    await snapshotLocalBuilds({ config, store, registry, heartbeat, log: app.log, clock });
    const snapshot = () => registry.snapshot();
    const gate = makeGate({
      siteRoot: config.siteRoot,
      budgetMs: config.renderBudgetMs,
      readApi: inProcessReader(app),
      sampleUrls: (remote) => gateSampleUrls(app.sitemap, remote),
      live: snapshot,
      log: app.log,
    });
    const health = createReleaseHealth({
      db: app.db,
      snapshot,
      autoRollback: async (remote, releaseId, reason) => {
        const rolledBack = await registry.autoRollback(remote, releaseId, reason);
        if (rolledBack) app.metrics.releaseRollbacks.inc({ remote });
        return rolledBack;
      },
      expireCanary: (remote, releaseId, reason) => registry.expireCanary(remote, releaseId, reason),
      log: app.log,
      minViews: config.releases.canaryMinViews,
      maxFailureRate: config.releases.canaryMaxFailureRate,
      flushMs: autoStart ? 1_000 : 0,
      clock,
      onReports: (counted, replayed) => {
        const { releaseBeacons, releaseLoadFailures } = app.metrics;
        releaseBeacons.inc({ result: 'counted' }, counted.length);
        releaseBeacons.inc({ result: 'replayed' }, replayed);
        // Running canaries only: the label's values are bounded.
        for (const report of counted)
          if (report.failure === 'browser') releaseLoadFailures.inc({ remote: report.remote, version: report.release });
      },
    });
    const known = (remote: RemoteName, id: string) => registry.find(remote, id) !== null;
    app.decorate('releases', {
      snapshot,
      find: (remote, id) => registry.find(remote, id),
      subscribe: (listener) => registry.subscribe(listener),
      health,
      verifyPreview: (token) => verifyPreview(key, token, clock(), known, (claim) => credentials.previewRevoked(claim)),
      signPreview: (claim) => signPreview(key, { ...claim, issuedAt: credentials.issuedAtFor(claim.remote, claim.release) }),
      signPageView: (claim) => signPageView(pageKey, { ...claim, expiresAt: clock() + PAGE_VIEW_TOKEN_MS }),
      verifyPageView: (token) => verifyPageView(pageKey, token, clock()),
      registry,
      store,
      gate,
      heartbeat,
      credentials,
      origins,
    } satisfies Releases);
    app.addHook('onClose', async () => {
      timers.stop();
      // the health's last flush may still end a canary through the registry: it closes first
      await Promise.allSettled([health.close(), gate.close()]);
      await registry.close();
      await Promise.all([heartbeat.leave().catch(() => undefined), credentials.close()]);
    });
    app.log.info({ remotes: Object.fromEntries(REMOTE_NAMES.map((r) => [r, registry.snapshot().remotes[r].live.id])) }, 'live releases');
  },
  { name: 'releases', dependencies: ['copytech-database'] },
);
