/**
 * The release registry (docs/architecture.md "Releases of a remote"): every kept release of each
 * remote and its live pointer (and a canary), in the database, with a history row for every change.
 *
 * Requests never read the database: the pointers are held in memory as one LiveSnapshot, replaced
 * whole when they change. A change made through this instance is applied at once; a change made
 * through another is found by a poll every RELEASE_POLL_MS of the history's largest id (and the
 * kept releases' count, so a release registered elsewhere can be previewed here), which then reads
 * the pointers and kept releases afresh. Why a poll, not LISTEN/NOTIFY or Redis: one code path on
 * SQLite and PostgreSQL, no connection held per instance, and nothing missed while a connection is
 * re-established (a lost notice would leave an instance on the old release until the next change);
 * one indexed query per 500 ms keeps every instance within about 0.6 s of a change. The same poll
 * reads the release credentials' version (deploy tokens, preview revocations) and hands it to
 * credentials.ts, which reads them afresh when it moved: no second timer.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { RemoteName } from '@copytech/shared/domain';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { GateResult, LiveReleases, LiveSnapshot, Release } from '../../pages/releases/model';
import {
  autoRollbackIn,
  expireCanaryIn,
  promoteIn,
  rollbackIn,
  startSnapshotIn,
  type PointerChange,
  type SnapshotOutcome,
} from './pointerChanges';
import {
  pollMark,
  readHistory,
  readState,
  releaseRow,
  retryingClash,
  type HistoryEntry,
  type KeptReleases,
  type LocalRelease,
} from './registryRows';

export type { HistoryEntry } from './registryRows';
export type { PointerChange } from './pointerChanges';

export interface ReleaseListing {
  remote: RemoteName;
  live: string;
  /** endsAt: ISO time its window ends (null for a canary started before windows existed) */
  canary: { release: string; percent: number; endsAt: string | null } | null;
  /** newest first */
  releases: Release[];
  /** newest first, at most 50 */
  history: HistoryEntry[];
}

/**
 * A listing as the API answers it: a release kept on this server (local, or in the store) names
 * its server build by its path inside the release folder, never by the server's absolute path.
 */
export function withoutServerPaths(listing: ReleaseListing): ReleaseListing {
  const releases = listing.releases.map((release) =>
    release.serverEntry.startsWith('file:') ? { ...release, serverEntry: 'server/remoteEntry.js' } : release,
  );
  return { ...listing, releases };
}

export interface RegistryOptions {
  db: Db;
  /** this instance's `local` release of a remote */
  local: LocalRelease;
  log: FastifyBaseLogger;
  /** epoch ms */
  clock: () => number;
  /** given the credentials' version each time the poll reads its mark (credentials.ts follow()) */
  credentials?: { follow(version: number): Promise<void> };
}

export class ReleaseRegistry implements LiveReleases {
  private current: LiveSnapshot | null = null;
  private kept: KeptReleases | null = null;
  private mark = '';
  private timer: NodeJS.Timeout | null = null;
  /** the poll failed last time (said once at warn, and once again when it reads again) */
  private failing = false;
  private closed = false;
  private loading: Promise<boolean> = Promise.resolve(false);
  private readonly listeners = new Set<(snapshot: LiveSnapshot) => void>();

  constructor(private readonly options: RegistryOptions) {}

  snapshot(): LiveSnapshot {
    if (!this.current) throw new Error('the release registry has not started');
    return this.current;
  }

  find(remote: RemoteName, id: string): Release | null {
    return this.kept?.[remote]?.get(id) ?? null;
  }

  subscribe(listener: (snapshot: LiveSnapshot) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Reads the state, then polls every pollMs (0: no poll; refresh() by hand). */
  async start(pollMs: number): Promise<void> {
    await this.apply(true);
    if (pollMs <= 0 || this.closed) return;
    const poll = () => {
      this.timer = null;
      this.apply(false)
        .then(() => {
          if (this.failing) this.options.log.info('the release poll reads the registry again');
          this.failing = false;
        })
        .catch((error: unknown) => {
          if (!this.failing)
            this.options.log.warn(
              { err: error },
              'the release poll cannot read the registry; this instance keeps its pointers and tries again',
            );
          this.failing = true;
        })
        .finally(() => {
          if (!this.closed) (this.timer = setTimeout(poll, pollMs)).unref();
        });
    };
    (this.timer = setTimeout(poll, pollMs)).unref();
  }

  /** Looks once for a change made elsewhere; true when something was read afresh. */
  refresh(): Promise<boolean> {
    return this.apply(false);
  }

  /** Keeps a release; `created` false when it was kept already (the kept one is answered). */
  async register(release: Release): Promise<{ release: Release; created: boolean }> {
    const result = await this.options.db
      .insertInto('remote_releases')
      .values(releaseRow(release))
      .onConflict((oc) => oc.columns(['remote', 'id']).doNothing())
      .executeTakeFirst();
    const created = Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    await this.apply(true);
    return { release: this.find(release.remote, release.id) ?? release, created };
  }

  /** Keeps the gate's latest verdict on a release (a promote checks it again). */
  async recordGate(remote: RemoteName, releaseId: string, gate: GateResult): Promise<void> {
    await this.options.db
      .updateTable('remote_releases')
      .set({ gate: JSON.stringify(gate) })
      .where('remote', '=', remote)
      .where('id', '=', releaseId)
      .execute();
    await this.apply(true);
  }

  /**
   * percent null or 100: live (any canary ends); 1..99: canary, for `hours` (default 24). null when
   * it was so already; 404 unknown release.
   */
  promote(
    remote: RemoteName,
    releaseId: string,
    percent: number | null,
    who: PointerChange,
    hours: number | null = null,
  ): Promise<HistoryEntry | null> {
    return this.change((trx, at) => promoteIn(trx, remote, releaseId, percent, who, at, hours));
  }

  /** A canary ends; else the release live before the current one is live again (409 when none). */
  async rollback(remote: RemoteName, who: PointerChange): Promise<HistoryEntry> {
    return (await this.change((trx, at) => rollbackIn(trx, remote, who, at)))!;
  }

  /** Ends the canary `releaseId` if it still runs (re-checked in the transaction); true when it did. */
  async autoRollback(remote: RemoteName, releaseId: string, reason: string): Promise<boolean> {
    return (await this.change((trx, at) => autoRollbackIn(trx, remote, releaseId, reason, at))) !== null;
  }

  /** A start's snapshot of a local build made live where it may be (pointerChanges.ts startSnapshotIn). */
  async adoptSnapshot(remote: RemoteName, releaseId: string, actor: string): Promise<SnapshotOutcome> {
    let outcome: SnapshotOutcome | null = null;
    await this.change(async (trx, at) => {
      outcome = await startSnapshotIn(trx, remote, releaseId, actor, at);
      return outcome.entry;
    });
    return outcome!;
  }

  /** Ends the canary `releaseId` whose window has ended, if it still runs (re-checked in the transaction); true when it did. */
  async expireCanary(remote: RemoteName, releaseId: string, reason: string): Promise<boolean> {
    return (await this.change((trx, at) => expireCanaryIn(trx, remote, releaseId, reason, at))) !== null;
  }

  async list(remote: RemoteName): Promise<ReleaseListing> {
    // read afresh: a gate verdict recorded by another instance does not move the poll's mark
    await this.apply(true);
    const { live, canary } = this.snapshot().remotes[remote];
    const releases = [...(this.kept?.[remote]?.values() ?? [])].sort(
      (a, b) => b.registeredAt.localeCompare(a.registeredAt) || a.id.localeCompare(b.id),
    );
    return {
      remote,
      live: live.id,
      canary: canary
        ? { release: canary.release.id, percent: canary.percent, endsAt: canary.endsAt ? new Date(canary.endsAt).toISOString() : null }
        : null,
      releases,
      history: await readHistory(this.options.db, remote, 50),
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.loading.catch(() => undefined);
    this.listeners.clear();
  }

  private async change(work: (trx: Kysely<Database>, at: string) => Promise<HistoryEntry | null>): Promise<HistoryEntry | null> {
    const entry = await retryingClash(this.options.db, (trx) => work(trx, new Date(this.options.clock()).toISOString()));
    if (entry) {
      const { remote, action, from, to, percent, actor, reason } = entry;
      this.options.log.info({ remote, action, from, to, percent, actor, reason }, 'release pointer changed');
      await this.apply(true);
    }
    return entry;
  }

  /** Reads the state and applies it when newer: one read at a time, so a snapshot never goes back. */
  private apply(force: boolean): Promise<boolean> {
    this.loading = this.loading
      .catch(() => false)
      .then(async () => {
        const { db, local, credentials } = this.options;
        const mark = await pollMark(db);
        await credentials?.follow(mark.credentials);
        if (!force && mark.releases === this.mark) return false;
        const state = await readState(db, local);
        if (this.current && state.snapshot.version < this.current.version) return false;
        const replaced = !this.current || state.snapshot.version !== this.current.version;
        this.kept = state.kept;
        this.mark = state.mark;
        if (replaced) {
          this.current = state.snapshot;
          this.notify(state.snapshot);
        }
        return true;
      });
    return this.loading;
  }

  private notify(snapshot: LiveSnapshot): void {
    for (const listener of this.listeners) {
      try {
        listener(snapshot);
      } catch (error) {
        this.options.log.error({ err: error }, 'a release subscriber failed');
      }
    }
  }
}
