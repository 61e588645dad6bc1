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
import { StartupError } from '../config';
import { migrationProvider } from './migrations';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export const DATABASE_FILENAME = 'copytech.sqlite';

/**
 * Opens {VAR_DIR}/copytech.sqlite, checks its integrity (SQLite's quick_check: every page and
 * index readable and consistent) and migrates it. A folder that cannot be made, a file that cannot
 * be opened or a damaged database is a StartupError naming VAR_DIR and the file, never a stack
 * trace or a server that starts and then answers 500.
 */
export async function openDatabase(varDir: string): Promise<Db> {
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
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return db;
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
