/**
 * The canaries' health in the database (health.ts): the spent reports (`release_beacon_reports`,
 * one row per page view and remote) and the counters they add to (`release_health`, one row per
 * release, added to by every instance). The same statements on SQLite and PostgreSQL.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { CanaryReport } from '../../pages/releases/model';

interface Counts {
  views: number;
  server: number;
  browser: number;
}

export interface HealthTotals {
  views: number;
  serverFailures: number;
  browserFailures: number;
}

/** Rows per INSERT (well under SQLite's bound on a statement's parameters). */
const INSERT_CHUNK = 200;

export const keyOf = (remote: string, release: string) => `${remote}\u0000${release}`;

/** Adds counts to the release's row, creating it: the same statement on SQLite and PostgreSQL. */
async function addCounts(db: Kysely<Database>, remote: string, release: string, counts: Counts): Promise<void> {
  await db
    .insertInto('release_health')
    .values({ remote, release, views: counts.views, server_failures: counts.server, browser_failures: counts.browser })
    .onConflict((oc) =>
      oc.columns(['remote', 'release']).doUpdateSet((eb) => ({
        views: eb('release_health.views', '+', eb.ref('excluded.views')),
        server_failures: eb('release_health.server_failures', '+', eb.ref('excluded.server_failures')),
        browser_failures: eb('release_health.browser_failures', '+', eb.ref('excluded.browser_failures')),
      })),
    )
    .execute();
}

/** A release's totals over every instance (zeros before its first flush). */
export async function readHealth(db: Kysely<Database>, remote: string, release: string): Promise<HealthTotals> {
  const row = await db
    .selectFrom('release_health')
    .select(['views', 'server_failures', 'browser_failures'])
    .where('remote', '=', remote)
    .where('release', '=', release)
    .executeTakeFirst();
  return {
    views: Number(row?.views ?? 0),
    serverFailures: Number(row?.server_failures ?? 0),
    browserFailures: Number(row?.browser_failures ?? 0),
  };
}

const spentKey = (report: { pageView: string; remote: string }) => `${report.pageView} ${report.remote}`;

/**
 * Writes a batch of reports in one transaction: the rows not there yet are inserted (one per page
 * view and remote, over every instance) and only those are added to the counters. Returns the
 * reports counted. The rows are inserted in one order (page view, remote) and the counters updated
 * in one order (remote, release), so two instances' flushes never wait on each other in a circle.
 */
export async function writeReports(db: Kysely<Database>, batch: readonly CanaryReport[]): Promise<CanaryReport[]> {
  const sorted = [...batch].sort((a, b) => (spentKey(a) < spentKey(b) ? -1 : spentKey(a) > spentKey(b) ? 1 : 0));
  return db.transaction().execute(async (trx) => {
    const inserted = new Set<string>();
    for (let at = 0; at < sorted.length; at += INSERT_CHUNK) {
      const rows = await trx
        .insertInto('release_beacon_reports')
        .values(
          sorted.slice(at, at + INSERT_CHUNK).map((report) => ({
            page_view: report.pageView,
            remote: report.remote,
            release: report.release,
            failure: report.failure,
            expires_at: report.expiresAt,
          })),
        )
        .onConflict((oc) => oc.columns(['page_view', 'remote']).doNothing())
        .returning(['page_view', 'remote'])
        .execute();
      for (const row of rows) inserted.add(spentKey({ pageView: row.page_view, remote: row.remote }));
    }
    // (a pair twice in one batch is inserted once: the first counts)
    const counted = sorted.filter((report) => inserted.delete(spentKey(report)));
    const counts = new Map<string, Counts & { remote: string; release: string }>();
    for (const report of counted) {
      const key = keyOf(report.remote, report.release);
      const entry = counts.get(key) ?? { remote: report.remote, release: report.release, views: 0, server: 0, browser: 0 };
      entry.views += 1;
      if (report.failure === 'server') entry.server += 1;
      if (report.failure === 'browser') entry.browser += 1;
      counts.set(key, entry);
    }
    for (const key of [...counts.keys()].sort()) {
      const entry = counts.get(key)!;
      await addCounts(trx, entry.remote, entry.release, entry);
    }
    return counted;
  });
}
