/**
 * The changes of a remote's live pointer, each one transaction that locks the pointer row (on
 * PostgreSQL; SQLite's transactions are serial), changes it and adds the history row, or changes
 * nothing and says why (HttpError). registry.ts runs them (retried on a history-id clash) and
 * applies the result at once.
 *
 * History rows: `promote` (percent null: the live release changed), `canary` (percent: its share),
 * `rollback`, `auto-rollback` and `canary-expired` (its window ran out). A start's snapshot of a
 * local build made live is a `promote` by its actor (`npm start`, startSnapshotIn), so a rollback
 * goes back past it as past any other. A rollback that ended a canary keeps the canary's share in
 * `percent`; one that changed the live release has none.
 *
 * A canary has a window (`canary_ends_at`): `hours` from the promote that starts it or changes its
 * share (CANARY_DEFAULT_HOURS unless given); a promote of the same share with `hours` sets a new
 * window from now. When the window ends the canary ends by itself (expireCanaryIn), unless it was
 * promoted or rolled back before.
 *
 * "The release live before the current one" is the `from` of the latest promote that made the
 * current release live. Rollback rows are not followed: after C was rolled back to B, a second
 * rollback goes on to A (B's predecessor), never back to the C just abandoned.
 */
import type { Kysely } from 'kysely';
import type { RemoteName } from '@copytech/shared/domain';
import { isPostgres } from '../../db/database';
import type { Database } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { LOCAL_RELEASE } from '../../pages/releases/model';
import { addHistory, type HistoryEntry } from './registryRows';

type Trx = Kysely<Database>;

/** A canary's window unless the promote says otherwise, and the longest (a week). */
export const CANARY_DEFAULT_HOURS = 24;
export const CANARY_MAX_HOURS = 168;

export interface PointerChange {
  /** who: a deploy token's label, 'local', 'canary-health' (an automatic rollback) or 'canary-window' (its time ran out) */
  actor: string;
  reason?: string | null;
}

async function lockedPointer(trx: Trx, remote: RemoteName) {
  const query = trx.selectFrom('remote_pointers').selectAll().where('remote', '=', remote);
  const row = await (isPostgres(trx) ? query.forUpdate() : query).executeTakeFirst();
  if (!row) throw new HttpError(409, `${remote} has no live release yet`);
  return row;
}

async function requireKept(trx: Trx, remote: RemoteName, releaseId: string): Promise<void> {
  const found = await trx
    .selectFrom('remote_releases')
    .select('id')
    .where('remote', '=', remote)
    .where('id', '=', releaseId)
    .executeTakeFirst();
  if (!found) throw new HttpError(404, `${remote} has no release ${releaseId}`);
}

async function previousLive(trx: Trx, remote: RemoteName, live: string): Promise<string | null> {
  const row = await trx
    .selectFrom('release_history')
    .select('from_release')
    .where('remote', '=', remote)
    .where('to_release', '=', live)
    .where('action', '=', 'promote')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.from_release ?? null;
}

/** The pointer's canary columns when no canary runs. */
const NO_CANARY = { canary_release: null, canary_percent: null, canary_ends_at: null };

const setPointer = (trx: Trx, remote: RemoteName, values: Partial<Database['remote_pointers']>) =>
  trx.updateTable('remote_pointers').set(values).where('remote', '=', remote).execute();

/**
 * percent null or 100: the live release (ending any canary); 1..99: the canary, for `hours` (null:
 * CANARY_DEFAULT_HOURS) from now. null: already so (the same canary at the same share, no hours given).
 */
export async function promoteIn(
  trx: Trx,
  remote: RemoteName,
  releaseId: string,
  percent: number | null,
  who: PointerChange,
  at: string,
  hours: number | null = null,
): Promise<HistoryEntry | null> {
  const pointer = await lockedPointer(trx, remote);
  await requireKept(trx, remote, releaseId);
  const base = { remote, actor: who.actor, reason: who.reason ?? null, at };
  if (percent === null || percent >= 100) {
    if (pointer.live_release === releaseId && !pointer.canary_release) return null;
    await setPointer(trx, remote, { live_release: releaseId, ...NO_CANARY, updated_at: at });
    return addHistory(trx, { ...base, action: 'promote', from: pointer.live_release, to: releaseId, percent: null });
  }
  if (pointer.live_release === releaseId)
    throw new HttpError(409, `${releaseId} is the live release of ${remote} already: a canary must be another release`);
  if (pointer.canary_release === releaseId && pointer.canary_percent === percent && hours === null) return null;
  const endsAt = Date.parse(at) + (hours ?? CANARY_DEFAULT_HOURS) * 3_600_000;
  await setPointer(trx, remote, { canary_release: releaseId, canary_percent: percent, canary_ends_at: endsAt, updated_at: at });
  return addHistory(trx, { ...base, action: 'canary', from: pointer.canary_release ?? pointer.live_release, to: releaseId, percent });
}

/** A running canary ends; otherwise the release live before is live again (409 when there is none). */
export async function rollbackIn(trx: Trx, remote: RemoteName, who: PointerChange, at: string): Promise<HistoryEntry> {
  const pointer = await lockedPointer(trx, remote);
  const base = { remote, actor: who.actor, reason: who.reason ?? null, at, action: 'rollback' as const };
  if (pointer.canary_release) {
    await setPointer(trx, remote, { ...NO_CANARY, updated_at: at });
    return addHistory(trx, { ...base, from: pointer.canary_release, to: pointer.live_release, percent: pointer.canary_percent });
  }
  const before = await previousLive(trx, remote, pointer.live_release);
  if (!before) throw new HttpError(409, `Nothing to roll back to: no release of ${remote} was live before ${pointer.live_release}.`);
  await setPointer(trx, remote, { live_release: before, updated_at: at });
  return addHistory(trx, { ...base, from: pointer.live_release, to: before, percent: null });
}

/** Ends the canary `releaseId` if it still runs (another instance may have ended it first). */
export async function autoRollbackIn(
  trx: Trx,
  remote: RemoteName,
  releaseId: string,
  reason: string,
  at: string,
): Promise<HistoryEntry | null> {
  const pointer = await lockedPointer(trx, remote);
  if (pointer.canary_release !== releaseId) return null;
  await setPointer(trx, remote, { ...NO_CANARY, updated_at: at });
  return addHistory(trx, {
    remote,
    action: 'auto-rollback',
    from: releaseId,
    to: pointer.live_release,
    percent: pointer.canary_percent,
    actor: 'canary-health',
    reason,
    at,
  });
}

/** Who made `live` the live release: the actor of the latest seed, promote or rollback to it (null when none says). */
async function madeLiveBy(trx: Trx, remote: RemoteName, live: string): Promise<string | null> {
  const row = await trx
    .selectFrom('release_history')
    .select('actor')
    .where('remote', '=', remote)
    .where('to_release', '=', live)
    // a rollback that ended a canary keeps its share in percent, and left the live release as it was
    .where((eb) => eb.or([eb('action', 'in', ['seed', 'promote']), eb.and([eb('action', '=', 'rollback'), eb('percent', 'is', null)])]))
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.actor ?? null;
}

export interface SnapshotOutcome {
  /** the history row when the snapshot was made live; null when it was live already or is only kept */
  entry: HistoryEntry | null;
  /** the live release after the change (the snapshot, or the one it was not put over) */
  live: string;
  /** who made that release live (null for `local`, or when no row says) */
  liveBy: string | null;
}

/**
 * A start's snapshot of a remote's local build (startSnapshot.ts) made live, but only over `local`
 * or over a release the same actor made live (an earlier start's snapshot): never over a release a
 * team promoted or rolled back to, nor over one seeded from REMOTE_<NAME>_URL. A canary keeps
 * running, unless it is of the same release (then it is live, and the canary ends).
 */
export async function startSnapshotIn(
  trx: Trx,
  remote: RemoteName,
  releaseId: string,
  actor: string,
  at: string,
): Promise<SnapshotOutcome> {
  const pointer = await lockedPointer(trx, remote);
  await requireKept(trx, remote, releaseId);
  const live = pointer.live_release;
  if (live === releaseId) return { entry: null, live, liveBy: await madeLiveBy(trx, remote, live) };
  if (live !== LOCAL_RELEASE) {
    const by = await madeLiveBy(trx, remote, live);
    if (by !== actor) return { entry: null, live, liveBy: by };
  }
  const endsCanary = pointer.canary_release === releaseId;
  await setPointer(trx, remote, {
    live_release: releaseId,
    ...(endsCanary ? NO_CANARY : {}),
    updated_at: at,
  });
  const entry = await addHistory(trx, {
    remote,
    action: 'promote',
    from: live,
    to: releaseId,
    percent: null,
    actor,
    reason: 'the local build, snapshotted at start',
    at,
  });
  return { entry, live: releaseId, liveBy: actor };
}

/**
 * Ends the canary `releaseId` whose window has ended, if it still runs and its window was not
 * moved meanwhile (another instance may have ended it, or a promote given it a new window): as
 * a rollback of the canary, visitors back on live, with `reason` (its last health figures).
 */
export async function expireCanaryIn(
  trx: Trx,
  remote: RemoteName,
  releaseId: string,
  reason: string,
  at: string,
): Promise<HistoryEntry | null> {
  const pointer = await lockedPointer(trx, remote);
  if (pointer.canary_release !== releaseId || pointer.canary_ends_at === null || Number(pointer.canary_ends_at) > Date.parse(at))
    return null;
  await setPointer(trx, remote, { ...NO_CANARY, updated_at: at });
  return addHistory(trx, {
    remote,
    action: 'canary-expired',
    from: releaseId,
    to: pointer.live_release,
    percent: pointer.canary_percent,
    actor: 'canary-window',
    reason,
    at,
  });
}
