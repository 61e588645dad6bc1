/**
 * A throwaway PostgreSQL cluster for the server's tests, so the tests that matter to both
 * databases run on SQLite and on PostgreSQL (`describe.each(databases())`).
 *
 * Jest's global setup (postgres.setup.ts) starts one cluster per run: `initdb` into a temporary
 * folder, `pg_ctl start` on a free loopback port with fsync off; the global teardown stops it and
 * removes the folder. As root the server binaries run as the `postgres` user (PostgreSQL refuses
 * root). Each test app gets a database of its own (postgresDatabase()), so test files running in
 * parallel workers never meet.
 *
 * Without PostgreSQL installed the PostgreSQL cases fail, saying what to install; TEST_POSTGRES=skip
 * leaves them out, for a developer who chooses to.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { DatabaseSettings } from '../src/config';

export type DatabaseKind = 'sqlite' | 'postgres';

/** What the global setup hands the test workers (through the environment). */
interface Cluster {
  bin: string;
  port: number;
  dir: string;
}

const CLUSTER_ENV = 'COPYTECH_TEST_POSTGRES';
const ERROR_ENV = 'COPYTECH_TEST_POSTGRES_ERROR';
const SUPERUSER = 'postgres';

export const postgresSkipped = () => process.env.TEST_POSTGRES === 'skip';

/** The databases a parametrised test runs on. */
export function databases(): DatabaseKind[] {
  return postgresSkipped() ? ['sqlite'] : ['sqlite', 'postgres'];
}

/**
 * The folder of initdb, pg_ctl and createdb: initdb's on the PATH (a link to it counts as its
 * real folder), or Debian's /usr/lib/postgresql/{version}/bin, the newest.
 */
export function findPostgresBin(): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const initdb = dir ? path.join(dir, 'initdb') : '';
    if (!initdb || !fs.existsSync(initdb)) continue;
    const bin = path.dirname(fs.realpathSync(initdb));
    if (fs.existsSync(path.join(bin, 'pg_ctl')) && fs.existsSync(path.join(bin, 'createdb'))) return bin;
  }
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => /^\d+(\.\d+)?$/.test(v)) : [];
  for (const version of versions.sort((a, b) => Number(b) - Number(a))) {
    const bin = path.join(root, version, 'bin');
    if (fs.existsSync(path.join(bin, 'initdb'))) return bin;
  }
  return null;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Runs a server binary: as the postgres user when we are root. */
function runServerBinary(bin: string, name: string, args: string[]): string {
  const [file, argv] = isRoot() ? ['runuser', ['-u', SUPERUSER, '--', path.join(bin, name), ...args]] : [path.join(bin, name), args];
  try {
    return execFileSync(file, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const e = error as { stderr?: string; message: string };
    throw new Error(`${name} failed: ${(e.stderr || e.message).trim()}`, { cause: error });
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function ownBy(dir: string, user: string): void {
  const uid = Number(execFileSync('id', ['-u', user], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', user], { encoding: 'utf8' }).trim());
  fs.chownSync(dir, uid, gid);
}

/** Global setup: starts the cluster, or records why it could not, for the PostgreSQL cases to fail with. */
export async function startCluster(): Promise<void> {
  if (postgresSkipped() || process.env[CLUSTER_ENV] || process.env[ERROR_ENV]) return;
  const bin = findPostgresBin();
  if (!bin) {
    process.env[ERROR_ENV] =
      "PostgreSQL is not installed (no initdb on the PATH or in /usr/lib/postgresql/*/bin): install Debian's postgresql " +
      '(apt-get install postgresql), or set TEST_POSTGRES=skip to leave the PostgreSQL cases out';
    return;
  }
  try {
    const { port, dir } = await launchCluster(bin);
    process.env[CLUSTER_ENV] = JSON.stringify({ bin, port, dir } satisfies Cluster);
  } catch (error) {
    process.env[ERROR_ENV] = `the test PostgreSQL cluster did not start: ${(error as Error).message}`;
  }
}

/** initdb into a new temporary folder and pg_ctl start on a free loopback port; the folder is removed if it fails. */
async function launchCluster(bin: string): Promise<{ port: number; dir: string; start(): void; stop(mode?: 'fast' | 'immediate'): void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ct-pg-'));
  const data = path.join(dir, 'data');
  try {
    if (isRoot()) ownBy(dir, SUPERUSER);
    runServerBinary(bin, 'initdb', ['-D', data, '-U', SUPERUSER, '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
    const port = await freePort();
    const settings = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
    const start = () =>
      void runServerBinary(bin, 'pg_ctl', ['-D', data, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', '-o', settings, 'start']);
    start();
    return { port, dir, start, stop: (mode = 'fast') => void runServerBinary(bin, 'pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']) };
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * A cluster of a test's own, for a test that stops and starts PostgreSQL under a running app
 * (outage.test.ts): the shared one stays up for every other test. `remove()` stops it and deletes it.
 */
export async function dedicatedCluster() {
  const bin = findPostgresBin();
  if (!bin) throw new Error('PostgreSQL is not installed (see startCluster): install postgresql or set TEST_POSTGRES=skip');
  const launched = await launchCluster(bin);
  let name = 0;
  return {
    ...launched,
    /** a new database in it, as test settings */
    database(): DatabaseSettings & { url: string } {
      const database = `ct_outage_${++name}`;
      execFileSync(path.join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(launched.port), '-U', SUPERUSER, database], {
        stdio: 'pipe',
      });
      return { url: `postgres://${SUPERUSER}@127.0.0.1:${launched.port}/${database}`, poolMax: 5 };
    },
    remove() {
      try {
        launched.stop('immediate');
      } catch {
        /* already stopped */
      }
      fs.rmSync(launched.dir, { recursive: true, force: true });
    },
  };
}

/** Global teardown: stops the cluster at once (nothing in it is kept) and removes its folder. */
export function stopCluster(): void {
  const value = process.env[CLUSTER_ENV];
  if (!value) return;
  const { bin, dir } = JSON.parse(value) as Cluster;
  try {
    runServerBinary(bin, 'pg_ctl', ['-D', path.join(dir, 'data'), '-m', 'immediate', '-w', 'stop']);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
    delete process.env[CLUSTER_ENV];
  }
}

function cluster(): Cluster {
  const value = process.env[CLUSTER_ENV];
  if (value) return JSON.parse(value) as Cluster;
  throw new Error(process.env[ERROR_ENV] ?? 'the test PostgreSQL cluster was not started (globalSetup in jest.config.cjs)');
}

/** A new, empty database in the test cluster: its URL (the superuser's, no password on loopback). */
export function postgresDatabase(): DatabaseSettings & { url: string } {
  const { bin, port } = cluster();
  // (a worker runs many test files, each with its own copy of this module: no counter is unique)
  const name = `ct_${randomBytes(6).toString('hex')}`;
  execFileSync(path.join(bin, 'createdb'), ['-h', '127.0.0.1', '-p', String(port), '-U', SUPERUSER, name], { stdio: 'pipe' });
  return { url: `postgres://${SUPERUSER}@127.0.0.1:${port}/${name}`, poolMax: 5 };
}

/** The database settings of a test app: SQLite in its VAR_DIR, or a new PostgreSQL database. */
export function databaseSettings(kind: DatabaseKind): DatabaseSettings {
  return kind === 'postgres' ? postgresDatabase() : { url: null, poolMax: 10 };
}
