/**
 * One federation host per distinct set of releases a page is rendered with (docs/architecture.md
 * "Releases of a remote"): the live releases, and those with a canary or a preview release in
 * place of a live one. A host is made on first use (createFederationHost with the targets'
 * containers) and kept, at most MAX_HOSTS, the least recently used dropped first.
 *
 * A host whose releases are no longer live or canary (a promote, a rollback or the end of a canary
 * replaced one of them) is dropped at once, and one used for a preview once no page used it for
 * RECENT_MS; dropped, it is disposed as soon as no render is using it: its containers are removed from the federation runtime with everything the runtime keeps for
 * them (FederationHost.dispose), so swapping a remote's release leaves nothing behind.
 */
import { REMOTE_NAMES, type RemoteName } from '@copytech/shared/domain';
import type { RenderTargets } from './releases/model';
import { containerSources, createFederationHost, targetSources, targetsKey, type FederationHost } from './federationHost';
import { loadableEntry } from './originCopies';
import { createPageRenderer, type Logger } from './renderPage';

export const MAX_HOSTS = 6;
/** A host not among the live releases is kept this long after its last use (a preview being looked at). */
export const RECENT_MS = 60_000;

/** The release ids per remote that are live or canary now: hosts made only of these are kept. */
export type CurrentReleases = Partial<Record<RemoteName, string[]>>;

interface Entry {
  key: string;
  host: FederationHost;
  renderer: ReturnType<typeof createPageRenderer>;
  lastUsed: number;
  /** renders in progress: a host is disposed only when none is */
  active: number;
  dropped: boolean;
  /** used while its releases were not all current (a preview): kept RECENT_MS after its last use */
  previewed: boolean;
}

export interface HostPool {
  /** The host and renderer for these targets (made if new); release it when the render is over. */
  acquire(targets: RenderTargets): { host: FederationHost; renderer: ReturnType<typeof createPageRenderer>; release(): void };
  /** Drops the hosts that are neither current nor used recently. */
  prune(current: CurrentReleases): void;
  /** How many hosts are kept (tests, the bench). */
  readonly size: number;
  readonly log: Logger;
  close(): void;
}

export function createHostPool(options: { siteRoot: string; budgetMs: number; log: Logger; now?: () => number }): HostPool {
  const { siteRoot, budgetMs, log } = options;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  let current: CurrentReleases | null = null;

  const isCurrent = (key: string) =>
    current !== null &&
    key.split(',').every((part) => {
      const [name, id] = part.split('@') as [RemoteName, string];
      return current?.[name]?.includes(id) ?? false;
    });

  function drop(entry: Entry): void {
    entries.delete(entry.key);
    entry.dropped = true;
    if (entry.active === 0) entry.host.dispose();
  }

  function sweep(): void {
    const time = now();
    for (const entry of entries.values()) {
      // Releases replaced (a promote, a rollback, a canary ended): at once. A preview's: once unused for a while.
      if (!isCurrent(entry.key) && (!entry.previewed || time - entry.lastUsed > RECENT_MS)) drop(entry);
    }
    // Over the bound: the least recently used first, those not current before the others.
    while (entries.size > MAX_HOSTS) {
      const ordered = [...entries.values()].sort((a, b) => Number(isCurrent(a.key)) - Number(isCurrent(b.key)) || a.lastUsed - b.lastUsed);
      drop(ordered[0]!);
    }
  }

  return {
    log,
    get size() {
      return entries.size;
    },
    acquire(targets) {
      const key = targetsKey(targets);
      let entry = entries.get(key);
      if (!entry) {
        const host = createFederationHost(targetSources(siteRoot, targets));
        entry = {
          key,
          host,
          renderer: createPageRenderer(host, { budgetMs, log }),
          lastUsed: now(),
          active: 0,
          dropped: false,
          previewed: false,
        };
        entries.set(key, entry);
      }
      const used = entry;
      used.lastUsed = now();
      used.active += 1;
      if (!isCurrent(key)) used.previewed = true;
      // After counting this render: a host dropped here is disposed when the render is over.
      if (entries.size > MAX_HOSTS) sweep();
      let released = false;
      return {
        host: used.host,
        renderer: used.renderer,
        release() {
          if (released) return;
          released = true;
          used.active -= 1;
          if (used.dropped && used.active === 0) used.host.dispose();
        },
      };
    },
    prune(next) {
      current = next;
      sweep();
    },
    close() {
      for (const entry of [...entries.values()]) drop(entry);
    },
  };
}

/** The releases a render uses, and those live now (the thread drops the hosts of the others). */
export interface RenderWith {
  targets: RenderTargets;
  current: CurrentReleases;
}

/** The configured remotes as targets, each its `local` build (followed as it is rebuilt). */
export function configuredTargets(siteRoot: string, remoteManifests: Record<RemoteName, string>): RenderWith {
  const sources = containerSources(siteRoot, remoteManifests);
  const targets = Object.fromEntries(
    REMOTE_NAMES.map((name) => [name, { id: 'local', serverEntry: sources.find((source) => source.name === name)!.entry }]),
  ) as RenderTargets;
  return { targets, current: Object.fromEntries(REMOTE_NAMES.map((name) => [name, ['local']])) };
}

/**
 * A render or an availability check with the host of its targets, made if new. Releases on another
 * origin are loaded from their copy on disk, made here unless the caller made it (`copyOrigins`
 * false: a render process, which has no network, gets targets the server copied already).
 */
export async function withHost<T>(
  pool: HostPool,
  use: RenderWith,
  job: (held: ReturnType<HostPool['acquire']>) => Promise<T>,
  { copyOrigins = true }: { copyOrigins?: boolean } = {},
): Promise<T> {
  pool.prune(use.current);
  const held = pool.acquire(copyOrigins ? await onDisk(use.targets, pool.log) : use.targets);
  try {
    return await job(held);
  } finally {
    held.release();
  }
}

/** Targets whose immutable releases on another origin load from their copy on disk (originCopies.ts). */
export async function onDisk(targets: RenderTargets, log: Logger): Promise<RenderTargets> {
  if (!REMOTE_NAMES.some((name) => /^https?:/.test(targets[name].serverEntry) && targets[name].id !== 'local')) return targets;
  const entries = await Promise.all(
    REMOTE_NAMES.map(async (name) => {
      const { id, serverEntry } = targets[name];
      return [name, { id, serverEntry: id === 'local' ? serverEntry : await loadableEntry(serverEntry, log) }] as const;
    }),
  );
  return Object.fromEntries(entries) as RenderTargets;
}

/** The ids each remote has live or as a canary in a snapshot (what the pool keeps). */
export function currentReleases(snapshot: {
  remotes: Record<RemoteName, { live: { id: string }; canary: { release: { id: string } } | null }>;
}): CurrentReleases {
  return Object.fromEntries(
    REMOTE_NAMES.map((name) => {
      const { live, canary } = snapshot.remotes[name];
      return [name, canary ? [live.id, canary.release.id] : [live.id]];
    }),
  );
}
