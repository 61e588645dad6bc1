/**
 * Opens the database and brings its schema up to date.
 *
 * SQLite (better-sqlite3) by default: a file at {VAR_DIR}/copytech.sqlite, created on first start,
 * for one instance. With DATABASE_URL=postgres://… it is PostgreSQL instead (postgres.ts), which
 * several instances share. Both get the same migrations, the same seed and the same queries (the
 * query builder; the few places where the two differ ask isPostgres()).
 *
 * Migrations run at every start under Kysely's migration lock (on PostgreSQL a session advisory
 * lock), so instances starting together migrate one after the other, and the seed's transaction
 * takes a lock of its own there (takeSeedTurn), so their seeds take turns too.
 */
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, PostgresAdapter, SqliteDialect, sql } from 'kysely';
import { StartupError, type DatabaseSettings } from '../config';
import { migrationProvider } from './migrations';
import { openPostgres, type DatabaseLog } from './postgres';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export const DATABASE_FILENAME = 'copytech.sqlite';

/** PostgreSQL when `database.url` is set, else SQLite in varDir; connected and migrated. */
export async function openDatabase(varDir: string, database?: DatabaseSettings, log?: DatabaseLog): Promise<Db> {
  const db = database?.url ? await openPostgres({ ...database, url: database.url }, log) : openSqlite(varDir);
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
}

/**
 * Opens {VAR_DIR}/copytech.sqlite and checks its integrity (SQLite's quick_check: every page and
 * index readable and consistent). A folder that cannot be made, a file that cannot
 * be opened or a damaged database is a StartupError naming VAR_DIR and the file, never a stack
 * trace or a server that starts and then answers 500.
 */
function openSqlite(varDir: string): Db {
  const file = path.join(varDir, DATABASE_FILENAME);
  let sqlite: BetterSqlite3.Database;
  try {
    fs.mkdirSync(varDir, { recursive: true });
    sqlite = new BetterSqlite3(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('foreign_keys = ON');
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB') throw damaged(varDir, file, (error as Error).message);
    throw new StartupError(`VAR_DIR ${varDir}: cannot open the database ${file}: ${(error as Error).message}`);
  }
  const problems = quickCheck(sqlite);
  if (problems) {
    sqlite.close();
    throw damaged(varDir, file, `quick_check: ${problems}`);
  }
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

function damaged(varDir: string, file: string, finding: string): StartupError {
  return new StartupError(
    `VAR_DIR ${varDir}: the database ${file} is damaged (${finding}); restore it from a backup, or move it away to start with an empty one`,
  );
}

/** null when SQLite's quick_check passes, else its first findings in one line. */
function quickCheck(sqlite: BetterSqlite3.Database): string | null {
  try {
    const rows = sqlite.pragma('quick_check(5)') as Array<{ quick_check: string }>;
    const findings = rows.map((row) => row.quick_check).filter((text) => text !== 'ok');
    return findings.length ? findings.join('; ').replace(/\s+/g, ' ').slice(0, 300) : null;
  } catch (error) {
    return (error as Error).message;
  }
}

export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw new Error(`Database migration failed: ${error instanceof Error ? error.message : String(error)}`);
  const failed = results?.find((r) => r.status === 'Error');
  if (failed) throw new Error(`Database migration ${failed.migrationName} failed`);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

export function isPostgres(db: Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Any fixed number: the key of the seed's advisory lock (Kysely's migration lock has its own). */
const SEED_LOCK_ID = 7_260_114_051;

/**
 * The first statement of the seed's transaction. On PostgreSQL, instances starting together would
 * otherwise each read an empty table and insert the same rows: the second waits here until the
 * first has committed, then reads what it wrote and finds nothing to change. SQLite has a single
 * instance per file.
 */
export async function takeSeedTurn(trx: Kysely<Database>): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(${sql.lit(SEED_LOCK_ID)})`.execute(trx);
}
