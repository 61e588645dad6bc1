/**
 * The built server (`npm start`) does not follow a rebuilt folder (docs/deploy.md "What the
 * servers keep"). At start, each remote's local build (<siteRoot>/mfe-<remote>/dist) is copied into
 * the release store as an upload of the same files would be (the files `npm run release -- publish
 * <remote>` sends, through the store's own checks, so the two give the same release id), registered
 * by START_ACTOR, and made live where the live release is `local` or an earlier start's snapshot
 * (never over a release a team promoted: then it is only kept, and the log says so). From then on
 * the remote changes only by publish and promote; a rebuild of its dist changes nothing served.
 * RELEASE_FOLLOW_LOCAL=1 (and the server run from its sources, `npm run dev`) keeps following.
 *
 * The snapshot does not pass through the gate: it is the operator's own checkout, the build the
 * server was started with, trusted as `local` was; the gate reads the live shell and renders pages
 * through the app, which is not listening yet, and a start must not wait on it. A promote of a
 * snapshot runs the gate as any promote does.
 *
 * Several instances: a snapshot is in this instance's store, so it is taken only when every
 * instance serves from the same store: on PostgreSQL, only with RELEASE_STORE_DIR set (a folder
 * the operator shares between the instances) and every instance seen alive reporting that store
 * (instances.ts). Otherwise nothing is snapshotted, said at warn: an instance never points every
 * instance at a release the others could not serve.
 */
import type { Dirent } from 'node:fs';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { REMOTE_NAMES, type RemoteName } from '@copytech/shared/domain';
import type { Config } from '../../config';
import { HttpError } from '../../http/errors';
import { NOT_SERVED, STANDALONE_PAGE } from '../../pages/releases/fileTypes';
import type { Release } from '../../pages/releases/model';
import { describeBuild } from './gate';
import type { Heartbeat } from './instances';
import type { ReleaseRegistry } from './registry';
import { UPLOAD_LIMITS, type ReleaseStore, type UploadPart } from './store';

/** Who registers a start's snapshot, and makes it live (the history's actor). */
export const START_ACTOR = 'npm start';

export interface SnapshotDeps {
  config: Pick<Config, 'siteRoot' | 'serveSite' | 'database' | 'releases'>;
  store: ReleaseStore;
  registry: ReleaseRegistry;
  heartbeat: Pick<Heartbeat, 'aliveStoreIds'>;
  log: FastifyBaseLogger;
  clock: () => number;
}

/** Why this instance may not snapshot into its store (another instance could not serve the snapshot), or null. */
async function unsharedStore(deps: SnapshotDeps): Promise<string | null> {
  if (deps.config.database.url && deps.config.releases.storeDir === null)
    return 'on DATABASE_URL each instance has a release store of its own unless RELEASE_STORE_DIR names one they all share';
  const stores = await deps.heartbeat.aliveStoreIds();
  if (stores.length > 1) return `${stores.length} release stores are in use by the running instances`;
  return null;
}

/** A build's files as the release command uploads them: every regular file but statistics, maps and the standalone page. */
function buildFiles(dist: string): string[] {
  const files: string[] = [];
  const problems: string[] = [];
  const entries = fs.readdirSync(dist, { recursive: true, withFileTypes: true }) as Dirent[];
  for (const entry of entries) {
    const relative = path.relative(dist, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    if (entry.isDirectory() || NOT_SERVED.test(entry.name) || STANDALONE_PAGE.test(relative)) continue;
    if (!entry.isFile()) problems.push(`${relative} is not a regular file`);
    else if (fs.statSync(path.join(dist, relative)).size > UPLOAD_LIMITS.fileBytes)
      problems.push(`${relative} is over ${UPLOAD_LIMITS.fileBytes / 1024 / 1024} MB`);
    else files.push(relative);
  }
  if (problems.length > 0) throw new HttpError(400, `The build cannot be uploaded: ${problems.join('; ')}.`);
  return files.sort();
}

/** The files as upload parts, each read as the store asks for it. */
async function* partsOf(dist: string, files: string[]): AsyncIterable<UploadPart> {
  let open: fs.ReadStream | null = null;
  try {
    for (const filename of files) {
      open = fs.createReadStream(path.join(dist, filename));
      yield { filename, file: open };
    }
  } finally {
    open?.destroy();
  }
}

type Outcome = 'live' | 'already live' | 'kept' | 'not snapshotted';

async function snapshotOne(deps: SnapshotDeps, remote: RemoteName): Promise<Outcome> {
  const { store, registry, log } = deps;
  const folder = `mfe-${remote}/dist`;
  const dist = path.join(deps.config.siteRoot, `mfe-${remote}`, 'dist');
  if (!fs.existsSync(path.join(dist, 'mf-manifest.json'))) {
    log.warn({ remote, folder }, `${remote}: no build in ${folder} to snapshot; its live release stays as it is`);
    return 'not snapshotted';
  }
  let upload;
  try {
    upload = await store.receive(partsOf(dist, buildFiles(dist)));
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    log.warn({ remote, folder, reason: error.message }, `${remote}: the build in ${folder} cannot be snapshotted as a release`);
    return 'not snapshotted';
  }
  const { id } = upload;
  store.place(remote, id, upload.dir);
  if (!registry.find(remote, id)) {
    let description;
    try {
      const manifest = store.readManifest(remote, id, 'browser');
      description = describeBuild(remote, typeof manifest === 'string' ? manifest : '');
    } catch (error) {
      store.remove(remote, id);
      log.warn(
        { remote, folder, reason: (error as Error).message },
        `${remote}: the build in ${folder} cannot be snapshotted as a release`,
      );
      return 'not snapshotted';
    }
    const release: Release = {
      remote,
      id,
      source: 'store',
      manifestUrl: store.manifestUrlOf(remote, id),
      serverEntry: store.serverEntryOf(remote, id),
      browser: { entryFile: description.entryFile, exposes: description.exposes },
      shared: description.shared,
      exposes: description.exposeNames,
      gate: null,
      registeredAt: new Date(deps.clock()).toISOString(),
      registeredBy: START_ACTOR,
    };
    await registry.register(release);
  }
  const outcome = await registry.adoptSnapshot(remote, id, START_ACTOR);
  const said = { remote, release: id, files: upload.files, bytes: upload.bytes };
  if (outcome.entry) {
    log.info({ ...said, from: outcome.entry.from }, `${remote}: the build in ${folder} is snapshotted as release ${id} and live`);
    return 'live';
  }
  if (outcome.live === id) {
    log.info(said, `${remote}: the build in ${folder} is release ${id}, live already`);
    return 'already live';
  }
  log.info(
    { ...said, live: outcome.live, liveBy: outcome.liveBy },
    `${remote}: the build in ${folder} is snapshotted as release ${id} and only kept: the live release ${outcome.live} ` +
      `was made live by ${outcome.liveBy ?? 'someone else'}, and a start never replaces it (promote ${id} to ship it)`,
  );
  return 'kept';
}

/** Snapshots every remote's local build at start, unless the instance follows them (RELEASE_FOLLOW_LOCAL) or serves no site. */
export async function snapshotLocalBuilds(deps: SnapshotDeps): Promise<Partial<Record<RemoteName, Outcome>>> {
  const { config, log } = deps;
  if (config.releases.followLocal || !config.serveSite) return {};
  const unshared = await unsharedStore(deps);
  if (unshared) {
    log.warn(
      { reason: unshared },
      `the remotes' local builds are not snapshotted as releases: ${unshared}. A remote live on \`local\` follows its dist folder ` +
        'as it is rebuilt; share RELEASE_STORE_DIR between the instances, or publish each remote to an origin and promote it',
    );
    return Object.fromEntries(REMOTE_NAMES.map((remote) => [remote, 'not snapshotted']));
  }
  const outcomes: Partial<Record<RemoteName, Outcome>> = {};
  for (const remote of REMOTE_NAMES) outcomes[remote] = await snapshotOne(deps, remote);
  return outcomes;
}
