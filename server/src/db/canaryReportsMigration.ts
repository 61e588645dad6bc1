/**
 * Canary health that outsiders cannot steer (docs/architecture.md "Releases of a remote"):
 *
 * - `release_beacon_reports`: each browser report counted for a canary, one row per page view and
 *   remote (the primary key), so a report replayed to any instance is counted once. Kept until its
 *   page view's token has expired (`expires_at`, epoch ms; the health flush deletes older rows).
 * - `remote_pointers.canary_ends_at`: when a running canary's window ends (epoch ms); a canary
 *   still running from before this migration gets 24 hours from now, the default window.
 *
 * Schema-builder calls only: the same migration on SQLite and PostgreSQL.
 */
import type { Kysely, Migration } from 'kysely';
import type { Database } from './schema';

export const CANARY_REPORTS_MIGRATION = '2026_12_006_canary_reports';

export const canaryReportsMigration: Migration = {
  async up(db: Kysely<Database>) {
    await db.schema
      .createTable('release_beacon_reports')
      .addColumn('page_view', 'varchar(30)', (c) => c.notNull())
      .addColumn('remote', 'varchar(20)', (c) => c.notNull())
      .addColumn('release', 'varchar(20)', (c) => c.notNull())
      .addColumn('failure', 'varchar(10)')
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('release_beacon_reports_pk', ['page_view', 'remote'])
      .execute();
    await db.schema.createIndex('release_beacon_reports_expires').on('release_beacon_reports').column('expires_at').execute();
    await db.schema.alterTable('remote_pointers').addColumn('canary_ends_at', 'bigint').execute();
    await db
      .updateTable('remote_pointers')
      .set({ canary_ends_at: Date.now() + 24 * 3_600_000 })
      .where('canary_release', 'is not', null)
      .execute();
  },
  async down(db: Kysely<Database>) {
    await db.schema.alterTable('remote_pointers').dropColumn('canary_ends_at').execute();
    await db.schema.dropTable('release_beacon_reports').ifExists().execute();
  },
};
