/**
 * The release API's credentials (docs/deploy.md "Releasing a remote"): the deploy tokens, hashed
 * (`deploy_tokens`: never a token in clear, only its SHA-256), the preview links' revocations
 * (`preview_revocations`: links of a remote, or of one of its releases, made before a time), and
 * `release_marks`, a version per kind of change that every instance's release poll reads with
 * its mark: each change of a token or a revocation adds one to the `credentials` row, and an
 * instance that sees a new value reads the tokens and revocations afresh. Schema-builder calls
 * only: the same migration on SQLite and PostgreSQL.
 */
import type { Kysely, Migration } from 'kysely';

export const RELEASE_CREDENTIALS_MIGRATION = '2026_12_005_release_credentials';

export const releaseCredentialsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('deploy_tokens')
      .addColumn('id', 'varchar(20)', (c) => c.primaryKey())
      .addColumn('scope', 'varchar(20)', (c) => c.notNull())
      .addColumn('label', 'varchar(60)', (c) => c.notNull())
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('source', 'varchar(20)', (c) => c.notNull())
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('created_by', 'varchar(100)', (c) => c.notNull())
      .addColumn('last_used_at', 'varchar(30)')
      .addColumn('revoked_at', 'varchar(30)')
      .addColumn('revoked_by', 'varchar(100)')
      .execute();
    await db.schema.createIndex('deploy_tokens_hash').on('deploy_tokens').column('token_hash').unique().execute();

    await db.schema
      .createTable('preview_revocations')
      .addColumn('remote', 'varchar(20)', (c) => c.notNull())
      // a release's id, or '*': every release of the remote
      .addColumn('release', 'varchar(20)', (c) => c.notNull())
      // epoch ms: links made at or before it are revoked
      .addColumn('made_before', 'bigint', (c) => c.notNull())
      .addColumn('revoked_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('revoked_by', 'varchar(100)', (c) => c.notNull())
      .addPrimaryKeyConstraint('preview_revocations_pk', ['remote', 'release'])
      .execute();

    await db.schema
      .createTable('release_marks')
      .addColumn('name', 'varchar(40)', (c) => c.primaryKey())
      .addColumn('version', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['release_marks', 'preview_revocations', 'deploy_tokens']) await db.schema.dropTable(table).ifExists().execute();
  },
};
