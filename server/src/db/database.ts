/**
 * Opens the database and brings its schema up to date.
 *
 * SQLite (better-sqlite3) is the only dialect implemented: a file at {VAR_DIR}/copytech.sqlite,
 * created on first start. Every query in this server goes through Kysely's query builder with
 * no dialect-specific SQL, and the migrations use only the schema builder, so PostgreSQL can
 * follow for a multi-instance deployment: a DATABASE_URL=postgres://… variable would select
 * `new PostgresDialect({ pool: new pg.Pool({ connectionString }) })` here instead of the SQLite
 * dialect (adding the `pg` package), and nothing else would change. The outbox worker already
 * claims rows with a conditional update, so several instances can share one outbox.
 */
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { migrationProvider } from './migrations';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export const DATABASE_FILENAME = 'copytech.sqlite';

export async function openDatabase(varDir: string): Promise<Db> {
  fs.mkdirSync(varDir, { recursive: true });
  const sqlite = new BetterSqlite3(path.join(varDir, DATABASE_FILENAME));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}

export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw new Error(`Database migration failed: ${error instanceof Error ? error.message : String(error)}`);
  const failed = results?.find((r) => r.status === 'Error');
  if (failed) throw new Error(`Database migration ${failed.migrationName} failed`);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
