/**
 * The savings checker's tables (docs/product-rules.md "Savings checker"), as their own migration in
 * the list of migrations.ts:
 * - savings_reports: each e-mailed report, with the answers, the contact details and the
 *   figures the server computed from the answers (never the browser's);
 * - captcha_solutions: the ALTCHA challenges already used, kept until they expire, so a solved
 *   challenge is accepted once (replay protection that holds across restarts and instances).
 * Schema-builder calls only, as every migration here, so PostgreSQL gets the same tables.
 */
import type { Kysely, Migration } from 'kysely';
import type { Database } from './schema';

export interface SavingsReportsTable {
  reference: string;
  created_at: string;
  /** saving | no-saving | incomplete */
  status: string;
  /** pence a year, negative when Copytech would cost more; null when incomplete */
  saving_per_year: number | null;
  /** JSON: SavingsAnswers as validated (Copytech's own prices per page) */
  answers: string;
  /** JSON: ContactDetails */
  contact: string;
  /** JSON: SavingsResult, as computed by the server */
  figures: string;
}

export interface CaptchaSolutionsTable {
  /** sha256 of the challenge's signature */
  id: string;
  /** epoch ms: when the challenge expires (the row may be deleted after) */
  expires_at: number;
  used_at: string;
}

/** For db.withTables<SavingsCheckerTables>() in the checker's plugins. */
export type SavingsCheckerTables = {
  savings_reports: SavingsReportsTable;
  captcha_solutions: CaptchaSolutionsTable;
};
/** The database as the checker's plugins see it: the site's tables and its own. */
export type CheckerDb = Kysely<Database & SavingsCheckerTables>;

export const SAVINGS_CHECKER_MIGRATION = '2026_11_001_savings_checker';

export const savingsCheckerMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('savings_reports')
      .addColumn('reference', 'varchar(20)', (c) => c.primaryKey())
      .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
      .addColumn('status', 'varchar(20)', (c) => c.notNull())
      .addColumn('saving_per_year', 'bigint')
      .addColumn('answers', 'text', (c) => c.notNull())
      .addColumn('contact', 'text', (c) => c.notNull())
      .addColumn('figures', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('captcha_solutions')
      .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'varchar(30)', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('captcha_solutions_expires').on('captcha_solutions').column('expires_at').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('captcha_solutions').ifExists().execute();
    await db.schema.dropTable('savings_reports').ifExists().execute();
  },
};
