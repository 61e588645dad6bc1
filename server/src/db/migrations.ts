/**
 * Database migrations, in code (a Kysely MigrationProvider), applied in name order on start.
 * Never edit a migration that has shipped: add the next one. Schema-builder calls only, no
 * dialect-specific SQL, so the same migrations create the PostgreSQL schema; the one exception is
 * site search's index (searchMigration.ts), FTS5 on SQLite and pg_trgm on PostgreSQL.
 */
import type { Kysely, Migration, MigrationProvider } from 'kysely';
import { CANARY_REPORTS_MIGRATION, canaryReportsMigration } from './canaryReportsMigration';
import { RELEASE_CREDENTIALS_MIGRATION, releaseCredentialsMigration } from './releaseCredentialsMigration';
import { RELEASES_MIGRATION, releasesMigration } from './releasesMigration';
import { SAVINGS_CHECKER_MIGRATION, savingsCheckerMigration } from './savingsCheckerMigration';
import { SEARCH_MIGRATION, searchMigration } from './searchMigration';
import type { Database } from './schema';

const migrations: Record<string, Migration> = {
  '2026_01_001_initial': {
    // A migration that has shipped stays as it ran, however long: databases were built by it.
    // eslint-disable-next-line max-lines-per-function
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('products')
        .addColumn('model_id', 'varchar(120)', (c) => c.primaryKey())
        .addColumn('brand', 'varchar(100)', (c) => c.notNull())
        .addColumn('model', 'varchar(200)', (c) => c.notNull())
        .addColumn('brand_slug', 'varchar(100)', (c) => c.notNull())
        .addColumn('model_slug', 'varchar(200)', (c) => c.notNull())
        .addColumn('category', 'varchar(60)', (c) => c.notNull())
        .addColumn('specification', 'varchar(60)')
        .addColumn('printer_type', 'varchar(30)')
        .addColumn('scanner_class', 'varchar(30)')
        .addColumn('kind', 'varchar(20)', (c) => c.notNull())
        .addColumn('is_colour', 'integer')
        .addColumn('paper_size', 'varchar(20)')
        .addColumn('paper_class', 'varchar(10)')
        .addColumn('max_paper_size', 'varchar(20)')
        .addColumn('speed_ppm', 'integer')
        .addColumn('price_from', 'bigint')
        .addColumn('lease_60', 'bigint')
        .addColumn('is_active', 'integer', (c) => c.notNull())
        .addColumn('featured', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('search_text', 'varchar(500)', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('source_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('in_source', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('products_slugs').on('products').columns(['brand_slug', 'model_slug']).unique().execute();
      await db.schema.createIndex('products_printer_type').on('products').columns(['printer_type', 'is_active']).execute();
      await db.schema.createIndex('products_scanner_class').on('products').columns(['scanner_class', 'is_active']).execute();
      await db.schema.createIndex('products_category').on('products').columns(['category', 'is_active']).execute();

      await db.schema
        .createTable('pages')
        .addColumn('slug', 'varchar(100)', (c) => c.primaryKey())
        .addColumn('kind', 'varchar(20)', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('source_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('blog_posts')
        .addColumn('slug', 'varchar(150)', (c) => c.primaryKey())
        .addColumn('published_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('source_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('blog_posts_published').on('blog_posts').column('published_at').execute();

      await db.schema
        .createTable('quotes')
        .addColumn('reference', 'varchar(20)', (c) => c.primaryKey())
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('products', 'text', (c) => c.notNull())
        .addColumn('contact', 'text', (c) => c.notNull())
        .addColumn('utm', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('enquiries')
        .addColumn('reference', 'varchar(20)', (c) => c.primaryKey())
        .addColumn('kind', 'varchar(30)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('newsletter_signups')
        .addColumn('email', 'varchar(254)', (c) => c.primaryKey())
        .addColumn('first_name', 'varchar(50)')
        .addColumn('form_id', 'varchar(20)')
        .addColumn('form_name', 'varchar(100)')
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('idempotency_keys')
        .addColumn('key', 'varchar(130)', (c) => c.primaryKey())
        .addColumn('request_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('status_code', 'integer', (c) => c.notNull())
        .addColumn('response_body', 'text', (c) => c.notNull())
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('idempotency_keys_expires').on('idempotency_keys').column('expires_at').execute();

      await db.schema
        .createTable('outbox')
        .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
        .addColumn('channel', 'varchar(20)', (c) => c.notNull())
        .addColumn('kind', 'varchar(40)', (c) => c.notNull())
        .addColumn('reference', 'varchar(20)')
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('status', 'varchar(10)', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
        .addColumn('last_error', 'varchar(500)')
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('sent_at', 'varchar(30)')
        .execute();
      await db.schema.createIndex('outbox_due').on('outbox').columns(['status', 'next_attempt_at']).execute();
    },
    async down(db: Kysely<unknown>) {
      for (const table of ['outbox', 'idempotency_keys', 'newsletter_signups', 'enquiries', 'quotes', 'blog_posts', 'pages', 'products']) {
        await db.schema.dropTable(table).ifExists().execute();
      }
    },
  },
  [SAVINGS_CHECKER_MIGRATION]: savingsCheckerMigration,
  '2026_11_002_outbox_priority': {
    // priority: 0 the visitor's own mail, 1 staff notifications, 2 calls to outside services;
    // the worker claims by priority, then due time. claimed_by: the worker whose lease a
    // pending row is under (a lease is renewed while its send is in progress).
    async up(db: Kysely<Database>) {
      await db.schema
        .alterTable('outbox')
        .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.alterTable('outbox').addColumn('claimed_by', 'varchar(36)').execute();
      await db.updateTable('outbox').set({ priority: 0 }).where('channel', '=', 'mail').where('kind', 'like', '%-visitor').execute();
      await db.updateTable('outbox').set({ priority: 2 }).where('channel', '!=', 'mail').execute();
      await db.schema.createIndex('outbox_claim').on('outbox').columns(['status', 'priority', 'next_attempt_at']).execute();
    },
    async down(db: Kysely<Database>) {
      await db.schema.dropIndex('outbox_claim').ifExists().execute();
      await db.schema.alterTable('outbox').dropColumn('claimed_by').execute();
      await db.schema.alterTable('outbox').dropColumn('priority').execute();
    },
  },
  [RELEASES_MIGRATION]: releasesMigration,
  [SEARCH_MIGRATION]: searchMigration,
  [RELEASE_CREDENTIALS_MIGRATION]: releaseCredentialsMigration,
  [CANARY_REPORTS_MIGRATION]: canaryReportsMigration,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
