/**
 * Registering a release and promoting it, with the gate before either (features/releases/releasesRoutes.ts answers
 * with what these return). A refusal lists every reason the gate gave and changes nothing: an
 * uploaded release the gate refuses is removed from the store, never registered.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { RemoteName } from '@copytech/shared/domain';
import { HttpError } from '../../http/errors';
import { describeBuild, type Gate, type GateCandidate } from './gate';
import type { ReleaseHealthCounter } from './health';
import type { Heartbeat } from './instances';
import type { GateResult, Release } from '../../pages/releases/model';
import { normaliseOrigin, originCandidate } from './origin';
import { readOriginText, unlistedReason, type OriginPolicy } from '../../pages/releases/originFetch';
import type { HistoryEntry, PointerChange, ReleaseRegistry } from './registry';
import type { ReleaseStore, UploadPart } from './store';

export interface PublishDeps {
  registry: ReleaseRegistry;
  store: ReleaseStore;
  gate: Gate;
  /** the canaries' health: a canary that starts is counted afresh */
  health: Pick<ReleaseHealthCounter, 'reset'>;
  heartbeat: Heartbeat;
  log: FastifyBaseLogger;
  /** where the `local` releases' builds are (<siteRoot>/mfe-<name>/dist) */
  siteRoot: string;
  clock: () => number;
  /** where origin releases may be read from (RELEASE_ORIGINS), and how (originFetch.ts) */
  origins: OriginPolicy;
}

export interface PublishAnswer {
  status: 200 | 201 | 422;
  body: { remote: RemoteName; release: string; gate: 'passed' | 'refused'; created?: boolean; reasons?: string[] };
}

function releaseFrom(candidate: GateCandidate, source: 'store' | 'origin', gate: GateResult, actor: string, at: string): Release {
  const description = describeBuild(candidate.remote, candidate.browserManifest as string);
  return {
    remote: candidate.remote,
    id: candidate.id,
    source,
    manifestUrl: candidate.manifestUrl,
    serverEntry: candidate.serverEntry,
    browser: { entryFile: description.entryFile, exposes: description.exposes },
    shared: description.shared,
    exposes: description.exposeNames,
    gate,
    registeredAt: at,
    registeredBy: actor,
  };
}

const known = (deps: PublishDeps, remote: RemoteName, id: string): PublishAnswer | null => {
  const kept = deps.registry.find(remote, id);
  return kept
    ? { status: 200, body: { remote, release: id, gate: kept.gate?.passed === false ? 'refused' : 'passed', created: false } }
    : null;
};

async function gateAndRegister(
  deps: PublishDeps,
  candidate: GateCandidate,
  source: 'store' | 'origin',
  actor: string,
  onRefused: () => void,
): Promise<PublishAnswer> {
  const { remote, id } = candidate;
  const result = await deps.gate.check(candidate);
  if (!result.passed) {
    onRefused();
    deps.log.info({ remote, release: id, source, actor, gate: 'refused', reasons: result.reasons }, 'release refused by the gate');
    return { status: 422, body: { remote, release: id, gate: 'refused', reasons: result.reasons } };
  }
  const release = releaseFrom(candidate, source, result, actor, new Date(deps.clock()).toISOString());
  const { created } = await deps.registry.register(release);
  deps.log.info({ remote, release: id, source, actor, gate: 'passed', created }, 'release registered');
  return { status: created ? 201 : 200, body: { remote, release: id, gate: 'passed', created } };
}

/** Refuses an upload (409) while live instances serve from different stores. */
export async function requireSharedStore(deps: PublishDeps): Promise<void> {
  const stores = await deps.heartbeat.aliveStoreIds();
  if (stores.length > 1)
    throw new HttpError(
      409,
      `The upload is refused: ${stores.length} release stores are in use by the running instances, so the others could not serve it. ` +
        'Put the build on an origin every instance reaches (a CDN) and publish with --origin <url of the release folder>.',
    );
}

/** An upload: received into the store, checked by the gate, then kept (or removed when refused). */
export async function publishUpload(
  deps: PublishDeps,
  remote: RemoteName,
  parts: AsyncIterable<UploadPart>,
  actor: string,
): Promise<PublishAnswer> {
  const upload = await deps.store.receive(parts);
  const { id } = upload;
  const placed = deps.store.place(remote, id, upload.dir);
  const already = known(deps, remote, id);
  if (already) return already;
  const candidate: GateCandidate = {
    remote,
    id,
    manifestUrl: deps.store.manifestUrlOf(remote, id),
    serverEntry: deps.store.serverEntryOf(remote, id),
    browserManifest: deps.store.readManifest(remote, id, 'browser'),
    serverManifest: deps.store.readManifest(remote, id, 'server'),
  };
  deps.log.info({ remote, release: id, files: upload.files, bytes: upload.bytes, placed }, 'release uploaded');
  return gateAndRegister(deps, candidate, 'store', actor, () => {
    if (!deps.registry.find(remote, id)) deps.store.remove(remote, id);
  });
}

/**
 * A release folder on another origin: its manifests read from there, checked, kept. An origin
 * that is not listed (RELEASE_ORIGINS) is refused (403) before anything is read or resolved.
 */
export async function publishOrigin(deps: PublishDeps, remote: RemoteName, originUrl: string, actor: string): Promise<PublishAnswer> {
  const origin = normaliseOrigin(originUrl);
  if (!origin)
    throw new HttpError(400, 'origin must be the http(s) URL of a release folder, without credentials.', {
      origin: 'Must be an http(s) URL.',
    });
  const unlisted = unlistedReason(new URL(origin), deps.origins);
  if (unlisted) {
    deps.log.info({ remote, actor, origin: new URL(origin).origin }, 'release refused: its origin is not listed in RELEASE_ORIGINS');
    throw new HttpError(403, unlisted, { origin: 'Not an origin this site accepts releases from.' });
  }
  const candidate = await originCandidate(remote, origin, deps.origins);
  return known(deps, remote, candidate.id) ?? gateAndRegister(deps, candidate, 'origin', actor, () => undefined);
}

/**
 * The gate's candidate for a kept release, its manifests read afresh (from the store, the origin or
 * the local build). An origin release is read as a publish reads it: from an origin that is not
 * listed now (one registered before RELEASE_ORIGINS), nothing is read and the gate refuses it.
 */
async function candidateOf(deps: PublishDeps, release: Release): Promise<GateCandidate> {
  const { remote, id } = release;
  const base = { remote, id, manifestUrl: release.manifestUrl, serverEntry: release.serverEntry };
  if (release.source === 'store')
    return {
      ...base,
      browserManifest: deps.store.readManifest(remote, id, 'browser'),
      serverManifest: deps.store.readManifest(remote, id, 'server'),
    };
  if (release.source === 'origin') {
    const folder = new URL('.', release.manifestUrl).href;
    const [browserManifest, serverManifest] = await Promise.all([
      readOriginText(release.manifestUrl, deps.origins),
      readOriginText(`${folder}server/mf-manifest.json`, deps.origins),
    ]);
    return { ...base, browserManifest, serverManifest };
  }
  const dist = path.join(deps.siteRoot, `mfe-${remote}`, 'dist');
  const read = (file: string) => {
    try {
      return fs.readFileSync(path.join(dist, file), 'utf8');
    } catch {
      return { error: `${path.join(`mfe-${remote}`, 'dist', file)} is not built` };
    }
  };
  return { ...base, browserManifest: read('mf-manifest.json'), serverManifest: read('server/mf-manifest.json') };
}

export type PromoteAnswer =
  | {
      status: 200;
      body: {
        remote: RemoteName;
        release: string;
        live: string;
        canary: { release: string; percent: number; endsAt: string | null } | null;
        changed: boolean;
      };
    }
  | { status: 422; body: { remote: RemoteName; release: string; gate: 'refused'; reasons: string[] } };

/** Checks the release again (against today's shell and server), then moves the pointer. */
export async function promoteChecked(
  deps: PublishDeps,
  remote: RemoteName,
  releaseId: string,
  percent: number | null,
  who: PointerChange,
  hours: number | null = null,
): Promise<PromoteAnswer> {
  const release = deps.registry.find(remote, releaseId);
  if (!release) throw new HttpError(404, `${remote} has no release ${releaseId}.`);
  const result = await deps.gate.check(await candidateOf(deps, release));
  if (release.source !== 'local') await deps.registry.recordGate(remote, releaseId, result);
  if (!result.passed) {
    deps.log.info(
      { remote, release: releaseId, actor: who.actor, gate: 'refused', reasons: result.reasons },
      'promote refused by the gate',
    );
    return { status: 422, body: { remote, release: releaseId, gate: 'refused', reasons: result.reasons } };
  }
  const entry: HistoryEntry | null = await deps.registry.promote(remote, releaseId, percent, who, hours);
  // a canary that starts (not one whose share changes) is judged on its own views only
  if (entry?.action === 'canary' && entry.from !== releaseId) await deps.health.reset(remote, releaseId);
  const { live, canary } = deps.registry.snapshot().remotes[remote];
  return {
    status: 200,
    body: {
      remote,
      release: releaseId,
      live: live.id,
      canary: canary
        ? { release: canary.release.id, percent: canary.percent, endsAt: canary.endsAt ? new Date(canary.endsAt).toISOString() : null }
        : null,
      changed: entry !== null,
    },
  };
}
