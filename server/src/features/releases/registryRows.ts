/**
 * The registry's rows and the snapshot made of them (registry.ts): releases in and out of
 * remote_releases, the pointers and kept releases read whole into a LiveSnapshot, and history rows
 * written with the next id (the largest + 1, retried when another instance took it first).
 */
import type { Kysely, Selectable } from 'kysely';
import { REMOTE_NAMES, type RemoteName } from '@copytech/shared/domain';
import type { Db } from '../../db/database';
import type { Database, RemoteReleasesTable } from '../../db/schema';
import { LOCAL_RELEASE, type LiveSnapshot, type Release } from '../../pages/releases/model';
import { credentialsVersion } from './credentialRows';

export type HistoryAction = 'seed' | 'promote' | 'canary' | 'rollback' | 'auto-rollback' | 'canary-expired';

export interface HistoryEntry {
  id: number;
  remote: RemoteName;
  action: HistoryAction;
  from: string | null;
  to: string | null;
  percent: number | null;
  actor: string;
  reason: string | null;
  at: string;
}

/** The kept releases, by remote and id, as read with a snapshot. */
export type KeptReleases = Record<RemoteName, Map<string, Release>>;

/** This instance's own `local` release of a remote (its dist folder, from its configuration). */
export type LocalRelease = (remote: RemoteName) => Release;

export function releaseRow(release: Release): RemoteReleasesTable {
  return {
    remote: release.remote,
    id: release.id,
    source: release.source,
    manifest_url: release.manifestUrl,
    server_entry: release.serverEntry,
    browser: release.browser ? JSON.stringify(release.browser) : null,
    shared: JSON.stringify(release.shared),
    exposes: JSON.stringify(release.exposes),
    gate: release.gate ? JSON.stringify(release.gate) : null,
    registered_at: release.registeredAt,
    registered_by: release.registeredBy,
  };
}

/**
 * A row as a Release. The `local` release names this instance's own dist folder whatever the
 * instance that wrote the row had in its configuration (two instances may have the site in
 * different folders).
 */
export function releaseOf(row: Selectable<RemoteReleasesTable>, local: LocalRelease): Release {
  const remote = row.remote as RemoteName;
  const base: Release = {
    remote,
    id: row.id,
    source: row.source as Release['source'],
    manifestUrl: row.manifest_url,
    serverEntry: row.server_entry,
    browser: row.browser ? (JSON.parse(row.browser) as Release['browser']) : null,
    shared: JSON.parse(row.shared) as Release['shared'],
    exposes: JSON.parse(row.exposes) as string[],
    gate: row.gate ? (JSON.parse(row.gate) as Release['gate']) : null,
    registeredAt: row.registered_at,
    registeredBy: row.registered_by,
  };
  if (row.source !== 'local') return base;
  const own = local(remote);
  return { ...base, manifestUrl: own.manifestUrl, serverEntry: own.serverEntry };
}

export async function historyVersion(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom('release_history')
    .select((eb) => eb.fn.max('id').as('version'))
    .executeTakeFirst();
  return Number(row?.version ?? 0);
}

/** What the poll compares: the history's version, and how many releases are kept (a new one can be previewed). */
async function releasesMark(db: Db): Promise<string> {
  const [version, kept] = await Promise.all([
    historyVersion(db),
    db
      .selectFrom('remote_releases')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirst(),
  ]);
  return `${version}:${Number(kept?.n ?? 0)}`;
}

/** The poll's mark: the releases' (above), and the credentials' version (deploy tokens, preview revocations: credentialRows.ts). */
export async function pollMark(db: Db): Promise<{ releases: string; credentials: number }> {
  const [releases, credentials] = await Promise.all([releasesMark(db), credentialsVersion(db)]);
  return { releases, credentials };
}

/** The pointers and every kept release, read whole. */
export async function readState(db: Db, local: LocalRelease): Promise<{ snapshot: LiveSnapshot; kept: KeptReleases; mark: string }> {
  const mark = await releasesMark(db);
  const [pointers, rows] = await Promise.all([
    db.selectFrom('remote_pointers').selectAll().execute(),
    db.selectFrom('remote_releases').selectAll().execute(),
  ]);
  const kept = Object.fromEntries(REMOTE_NAMES.map((remote) => [remote, new Map<string, Release>()])) as KeptReleases;
  for (const row of rows) if (row.remote in kept) kept[row.remote as RemoteName].set(row.id, releaseOf(row, local));
  const remotes = {} as LiveSnapshot['remotes'];
  for (const remote of REMOTE_NAMES) {
    const pointer = pointers.find((p) => p.remote === remote);
    const live = (pointer && kept[remote].get(pointer.live_release)) || kept[remote].get(LOCAL_RELEASE) || local(remote);
    const candidate = pointer?.canary_release ? kept[remote].get(pointer.canary_release) : undefined;
    remotes[remote] = {
      live,
      canary:
        candidate && pointer?.canary_percent
          ? {
              release: candidate,
              percent: pointer.canary_percent,
              endsAt: pointer.canary_ends_at === null ? null : Number(pointer.canary_ends_at),
            }
          : null,
    };
  }
  return { snapshot: { version: Number(mark.split(':')[0]), remotes }, kept, mark };
}

/** A unique key taken by another transaction first (and PostgreSQL's serialization failure and deadlock: try again too). */
const UNIQUE_CLASH = new Set(['23505', '40001', '40P01', 'SQLITE_CONSTRAINT_PRIMARYKEY', 'SQLITE_CONSTRAINT_UNIQUE']);

export const isUniqueClash = (error: unknown) => UNIQUE_CLASH.has(String((error as { code?: unknown }).code));

/**
 * Runs `work` in a transaction, again (up to 5 times) when it failed on a unique key: another
 * instance wrote the history id this one computed, and the whole change is made afresh.
 */
export async function retryingClash<T>(db: Db, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (!isUniqueClash(error) || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 + Math.random() * 20 * attempt));
    }
  }
}

/** Adds a history row with the next id, in the caller's transaction. */
export async function addHistory(trx: Kysely<Database>, entry: Omit<HistoryEntry, 'id'>): Promise<HistoryEntry> {
  const id = (await historyVersion(trx)) + 1;
  await trx
    .insertInto('release_history')
    .values({
      id,
      remote: entry.remote,
      action: entry.action,
      from_release: entry.from,
      to_release: entry.to,
      percent: entry.percent,
      actor: entry.actor,
      reason: entry.reason,
      at: entry.at,
    })
    .execute();
  return { id, ...entry };
}

export async function readHistory(db: Db, remote: RemoteName, limit: number): Promise<HistoryEntry[]> {
  const rows = await db.selectFrom('release_history').selectAll().where('remote', '=', remote).orderBy('id', 'desc').limit(limit).execute();
  return rows.map((row) => ({
    id: Number(row.id),
    remote: row.remote as RemoteName,
    action: row.action as HistoryAction,
    from: row.from_release,
    to: row.to_release,
    percent: row.percent,
    actor: row.actor,
    reason: row.reason,
    at: row.at,
  }));
}
