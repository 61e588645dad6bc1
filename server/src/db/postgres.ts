/**
 * PostgreSQL, when DATABASE_URL is set: Kysely's PostgresDialect over a `pg` pool of at most
 * DATABASE_POOL_MAX connections. The schema, the queries and the seed are the same as on SQLite;
 * what differs is said here:
 *
 * - bigint columns (prices in pence, epoch milliseconds) and COUNT(*) are int8, which `pg` hands
 *   back as strings; this pool reads them as numbers, as SQLite gives them (every such value is far
 *   below 2^53). Only this pool's parsers change, not the `pg` package's defaults.
 * - A database that cannot be reached stops the start with one line naming the host, the port and
 *   the database, never the password (nor the URL, which carries it).
 */
import pg from 'pg';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { StartupError, type DatabaseSettings } from '../config';
import type { Database } from './schema';

/** How long the start waits for a connection before it gives up. */
const CONNECT_TIMEOUT_MS = 10_000;
const INT8_OID = 20;

const getTypeParser = ((oid: number, format?: 'text' | 'binary') =>
  oid === INT8_OID && format !== 'binary'
    ? (value: string) => Number(value)
    : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser;

export interface DatabaseLog {
  error(details: object, message: string): void;
}

/** host:port/database of a DATABASE_URL, for messages and logs (no user, no password). */
export function describePostgres(url: string): string {
  const parsed = new URL(url);
  const host = parsed.hostname || parsed.searchParams.get('host') || 'localhost';
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, '')) || '(the user’s database)';
  return `${decodeURIComponent(host)}:${parsed.port || '5432'}/${database}`;
}

/** The text with the URL's password blanked out, in case a driver message ever repeats it. */
function withoutPassword(text: string, url: string): string {
  const password = new URL(url).password;
  if (!password) return text;
  return [password, decodeURIComponent(password)].reduce((result, secret) => result.split(secret).join('***'), text);
}

/** Each PostgreSQL database's pool, for its connection counts (metrics/scrape.ts). */
const pools = new WeakMap<Kysely<Database>, pg.Pool>();

/** The pool's connections in use, idle and requests waiting for one; null for a database without a pool (SQLite). */
export function poolStats(db: Kysely<Database>): { inUse: number; idle: number; waiting: number } | null {
  const pool = pools.get(db);
  if (!pool) return null;
  return { inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

/** A connected pool (one `select 1` answered), or a StartupError naming where it looked. */
export async function openPostgres(settings: DatabaseSettings & { url: string }, log?: DatabaseLog): Promise<Kysely<Database>> {
  const where = describePostgres(settings.url);
  const pool = new pg.Pool({
    connectionString: settings.url,
    max: settings.poolMax,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    types: { getTypeParser },
  });
  // A connection that breaks while idle (the server restarted) is dropped by the pool and a new
  // one is opened on the next query; without a listener the event would end the process.
  pool.on('error', (error) => {
    log?.error({ database: where, err: withoutPassword(error.message, settings.url) }, 'database: an idle PostgreSQL connection failed');
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  pools.set(db, pool);
  try {
    await sql`select 1`.execute(db);
  } catch (error) {
    await db.destroy().catch(() => undefined);
    const reason = withoutPassword((error as Error).message || String((error as { code?: unknown }).code ?? error), settings.url);
    throw new StartupError(`DATABASE_URL: cannot connect to PostgreSQL at ${where}: ${reason}`);
  }
  return db;
}
