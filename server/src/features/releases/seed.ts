/**
 * A remote's first release, at start: a remote with no live pointer yet gets its local build
 * (`local`: the remote's dist folder, followed as it is rebuilt; the built server then puts its
 * start's snapshot of that folder over it, startSnapshot.ts) or, when REMOTE_<NAME>_URL names
 * a manifest on another origin, that origin's release (its manifests read from there). Insert-if-
 * absent in one transaction per remote, so instances starting together on one PostgreSQL seed each
 * remote once: the second waits on the first's pointer row and then finds it there. Once a remote
 * has a pointer, REMOTE_<NAME>_URL is not used again (said at info): releases are changed through
 * the API from then on. The origin is read as every release origin is (originFetch.ts); a
 * REMOTE_<NAME>_URL's origin counts as listed in RELEASE_ORIGINS, but its host must still resolve
 * to public addresses unless it is written as an IP address.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger } from 'fastify';
import { REMOTE_NAMES, type RemoteName } from '@copytech/shared/domain';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { describeBuild } from './gate';
import { LOCAL_RELEASE, type Release } from '../../pages/releases/model';
import { folderOfManifest, originCandidate } from './origin';
import type { OriginPolicy } from '../../pages/releases/originFetch';
import { addHistory, releaseRow, retryingClash } from './registryRows';

const settingOf = (remote: RemoteName) => `REMOTE_${remote.toUpperCase()}_URL`;
const isAbsolute = (url: string) => /^https?:\/\//.test(url);

/** This instance's `local` release of a remote: its own dist folder. */
export function localRelease(config: Pick<Config, 'siteRoot' | 'remoteManifests'>, remote: RemoteName, at: string): Release {
  const configured = config.remoteManifests[remote];
  return {
    remote,
    id: LOCAL_RELEASE,
    source: 'local',
    manifestUrl: isAbsolute(configured) ? `/remotes/${remote}/mf-manifest.json` : configured,
    serverEntry: pathToFileURL(path.join(config.siteRoot, `mfe-${remote}`, 'dist', 'server', 'remoteEntry.js')).href,
    browser: null,
    shared: [],
    exposes: [],
    gate: null,
    registeredAt: at,
    registeredBy: 'local',
  };
}

/** The release REMOTE_<NAME>_URL names, its manifests read from its origin (described when readable). */
export async function configuredOriginRelease(
  remote: RemoteName,
  manifestUrl: string,
  at: string,
  log: FastifyBaseLogger,
  origins: OriginPolicy,
): Promise<Release> {
  const origin = folderOfManifest(manifestUrl);
  const candidate = await originCandidate(remote, origin, origins);
  let description: ReturnType<typeof describeBuild> | null = null;
  if (typeof candidate.browserManifest === 'string') {
    try {
      description = describeBuild(remote, candidate.browserManifest);
    } catch (error) {
      log.warn({ remote, origin, err: (error as Error).message }, `${settingOf(remote)}: the manifest there could not be described`);
    }
  } else
    log.warn({ remote, origin, reason: candidate.browserManifest.error }, `${settingOf(remote)}: the manifest could not be read at start`);
  return {
    remote,
    id: candidate.id,
    source: 'origin',
    manifestUrl: candidate.manifestUrl,
    serverEntry: candidate.serverEntry,
    browser: description ? { entryFile: description.entryFile, exposes: description.exposes } : null,
    shared: description?.shared ?? [],
    exposes: description?.exposeNames ?? [],
    gate: null,
    registeredAt: at,
    registeredBy: settingOf(remote),
  };
}

async function seedOne(db: Db, release: Release, at: string): Promise<boolean> {
  return retryingClash(db, async (trx) => {
    const inserted = await trx
      .insertInto('remote_pointers')
      .values({ remote: release.remote, live_release: release.id, canary_release: null, canary_percent: null, updated_at: at })
      .onConflict((oc) => oc.column('remote').doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    await trx
      .insertInto('remote_releases')
      .values(releaseRow(release))
      .onConflict((oc) => oc.columns(['remote', 'id']).doNothing())
      .execute();
    await addHistory(trx, {
      remote: release.remote,
      action: 'seed',
      from: null,
      to: release.id,
      percent: null,
      actor: release.registeredBy,
      reason: release.source === 'local' ? 'the local build' : `from ${settingOf(release.remote)}`,
      at,
    });
    return true;
  });
}

/** Seeds every remote that has no pointer yet; returns the remotes seeded by this instance. */
export async function seedPointers(
  db: Db,
  config: Pick<Config, 'siteRoot' | 'remoteManifests'>,
  at: string,
  log: FastifyBaseLogger,
  origins: OriginPolicy,
): Promise<RemoteName[]> {
  const existing = new Set((await db.selectFrom('remote_pointers').select('remote').execute()).map((row) => row.remote));
  const seeded: RemoteName[] = [];
  for (const remote of REMOTE_NAMES) {
    const configured = config.remoteManifests[remote];
    if (existing.has(remote)) {
      if (isAbsolute(configured))
        log.info(
          { remote, setting: settingOf(remote) },
          `${settingOf(remote)} is ignored: ${remote} already has a live release in the registry`,
        );
      continue;
    }
    const release = isAbsolute(configured)
      ? await configuredOriginRelease(remote, configured, at, log, origins)
      : localRelease(config, remote, at);
    if (await seedOne(db, release, at)) {
      seeded.push(remote);
      log.info({ remote, release: release.id, source: release.source, actor: release.registeredBy }, 'release seeded');
    }
  }
  return seeded;
}
