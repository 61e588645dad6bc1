/**
 * The release registry's tables (docs/architecture.md "Releases of a remote"): every kept release
 * of each remote, the live pointer (and a canary) per remote, the history of every pointer change,
 * the canaries' health counters, the instances' heartbeats and the registry's settings (the
 * preview links' signing key). Schema-builder calls only: the same migration on SQLite and
 * PostgreSQL. The history's id is assigned by the registry (the next after the largest, retried on
 * a clash), not by an auto-increment, which the two databases spell differently; it is the live
 * pointers' version, which every instance polls.
 */
import type { Kysely, Migration } from 'kysely';

export const RELEASES_MIGRATION = '2026_11_003_remote_releases';

export const releasesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('remote_releases')
      .addColumn('remote', 'varchar(20)', (c) => c.notNull())
      .addColumn('id', 'varchar(20)', (c) => c.notNull())
      .addColumn('source', 'varchar(10)', (c) => c.notNull())
      .addColumn('manifest_url', 'varchar(1000)', (c) => c.notNull())
      .addColumn('server_entry', 'varchar(1000)', (c) => c.notNull())
      .addColumn('browser', 'text')
      .addColumn('shared', 'text', (c) => c.notNull())
      .addColumn('exposes', 'text', (c) => c.notNull())
      .addColumn('gate', 'text')
      .addColumn('registered_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('registered_by', 'varchar(100)', (c) => c.notNull())
      .addPrimaryKeyConstraint('remote_releases_pk', ['remote', 'id'])
      .execute();

    await db.schema
      .createTable('remote_pointers')
      .addColumn('remote', 'varchar(20)', (c) => c.primaryKey())
      .addColumn('live_release', 'varchar(20)', (c) => c.notNull())
      .addColumn('canary_release', 'varchar(20)')
      .addColumn('canary_percent', 'integer')
      .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('release_history')
      .addColumn('id', 'bigint', (c) => c.primaryKey())
      .addColumn('remote', 'varchar(20)', (c) => c.notNull())
      .addColumn('action', 'varchar(20)', (c) => c.notNull())
      .addColumn('from_release', 'varchar(20)')
      .addColumn('to_release', 'varchar(20)')
      .addColumn('percent', 'integer')
      .addColumn('actor', 'varchar(100)', (c) => c.notNull())
      .addColumn('reason', 'varchar(500)')
      .addColumn('at', 'varchar(30)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('release_history_remote').on('release_history').columns(['remote', 'id']).execute();

    await db.schema
      .createTable('release_health')
      .addColumn('remote', 'varchar(20)', (c) => c.notNull())
      .addColumn('release', 'varchar(20)', (c) => c.notNull())
      .addColumn('views', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('server_failures', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('browser_failures', 'bigint', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('release_health_pk', ['remote', 'release'])
      .execute();

    await db.schema
      .createTable('release_instances')
      .addColumn('instance_id', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('store_id', 'varchar(36)', (c) => c.notNull())
      .addColumn('pid', 'integer', (c) => c.notNull())
      .addColumn('hostname', 'varchar(200)', (c) => c.notNull())
      .addColumn('pointer_version', 'bigint', (c) => c.notNull())
      .addColumn('seen_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('release_settings')
      .addColumn('key', 'varchar(60)', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of [
      'release_settings',
      'release_instances',
      'release_health',
      'release_history',
      'remote_pointers',
      'remote_releases',
    ])
      await db.schema.dropTable(table).ifExists().execute();
  },
};
