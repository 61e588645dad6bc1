/**
 * `app.releases`: the release registry (features/releases/registry.ts) as the rest of the server uses it.
 * Requests read only what is in memory: snapshot(), find(), verifyPreview(); the API
 * (features/releases/releasesRoutes.ts) uses the rest: the registry's changes, the store, the deploy tokens, the
 * gate, preview signing.
 *
 * At start: the release store and its id, the deploy tokens (DEPLOY_TOKENS, or the local tokens
 * file), the preview signing key, the seeding of every remote without a pointer, the first
 * snapshot, then the poll (RELEASE_POLL_MS), the heartbeat (every 2 s), each remote's local build
 * snapshotted as a release unless RELEASE_FOLLOW_LOCAL (startSnapshot.ts), and the canaries'
 * health counting. All of it stops when the app closes.
 */
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import fp from 'fastify-plugin';
import { REMOTE_NAMES, type RemoteName } from '@copytech/shared/domain';
import { StartupError, type Config } from '../../config';
import { inProcessReader } from '../../pages/inProcessApi';
import { createGate, gateSampleUrls, type Gate, type GateOptions } from './gate';
import { createReleaseHealth, type ReleaseHealthCounter } from './health';
import { createHeartbeat, HEARTBEAT_MS, type Heartbeat } from './instances';
import type { PreviewClaim, ReleasesService } from '../../pages/releases/model';
import { previewKey, signPreview, verifyPreview } from './previewLinks';
import { ReleaseRegistry } from './registry';
import { originPolicy, type OriginPolicy, type Resolver } from '../../pages/releases/originFetch';
import { localRelease, seedPointers } from './seed';
import { snapshotLocalBuilds } from './startSnapshot';
import { ReleaseStore } from './store';
import { TokenSettingError, type DeployToken } from '../../deployTokens';
import { ensureLocalTokens } from './tokens';

/** What `app.releases` holds: what requests read (ReleasesService), and what the API uses. */
export interface Releases extends ReleasesService {
  registry: ReleaseRegistry;
  store: ReleaseStore;
  gate: Gate;
  heartbeat: Heartbeat;
  health: ReleaseHealthCounter;
  tokens: readonly DeployToken[];
  /** where origin releases may be read from (RELEASE_ORIGINS and REMOTE_<NAME>_URL), read through originFetch.ts */
  origins: OriginPolicy;
  signPreview(claim: PreviewClaim): string;
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

function tokensOf(config: Config, log: FastifyBaseLogger): DeployToken[] {
  if (config.releases.deployTokens) {
    log.info({ tokens: config.releases.deployTokens.map((t) => `${t.remote}:${t.label}`) }, 'deploy tokens from DEPLOY_TOKENS');
    return config.releases.deployTokens;
  }
  try {
    const tokens = ensureLocalTokens(config.varDir);
    const file = path.join(config.varDir, 'deploy-tokens.json');
    if (config.database.url)
      // each instance made its own file: a token works only on the instance whose VAR_DIR holds it
      log.warn(
        { file },
        'DEPLOY_TOKENS is not set: this instance accepts only the tokens in its own VAR_DIR; set DEPLOY_TOKENS on every instance',
      );
    else log.info({ file }, 'deploy tokens: the local tokens file (DEPLOY_TOKENS is not set)');
    return tokens;
  } catch (error) {
    if (error instanceof TokenSettingError) throw new StartupError(error.message);
    throw error;
  }
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
    const tokens = tokensOf(config, app.log);
    const key = await previewKey(app.db);
    const local = (remote: RemoteName) => localRelease(config, remote, new Date(clock()).toISOString());
    const registry = new ReleaseRegistry({ db: app.db, local, log: app.log, clock });
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
      log: app.log,
      minViews: config.releases.canaryMinViews,
      maxFailureRate: config.releases.canaryMaxFailureRate,
      flushMs: autoStart ? 1_000 : 0,
    });
    const known = (remote: RemoteName, id: string) => registry.find(remote, id) !== null;
    app.decorate('releases', {
      snapshot,
      find: (remote, id) => registry.find(remote, id),
      subscribe: (listener) => registry.subscribe(listener),
      health,
      verifyPreview: (token) => verifyPreview(key, token, clock(), known),
      signPreview: (claim) => signPreview(key, claim),
      registry,
      store,
      gate,
      heartbeat,
      tokens,
      origins,
    } satisfies Releases);
    app.addHook('onClose', async () => {
      timers.stop();
      // the health's last flush may still end a canary through the registry: it closes first
      await Promise.allSettled([health.close(), gate.close()]);
      await registry.close();
      await heartbeat.leave().catch(() => undefined);
    });
    app.log.info({ remotes: Object.fromEntries(REMOTE_NAMES.map((r) => [r, registry.snapshot().remotes[r].live.id])) }, 'live releases');
  },
  { name: 'releases', dependencies: ['copytech-database'] },
);
