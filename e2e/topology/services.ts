/**
 * The outside services of the production topology, started for the topology test on this machine
 * and stopped after it (docs/deploy.md "The topology test"): a PostgreSQL cluster and a Redis
 * server of their own, on free loopback ports in a temporary folder, never a system service.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../support/server';

/** The folder of PostgreSQL's server programs (initdb, pg_ctl), or null when it is not installed. */
function postgresBin(): string | null {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'pg_ctl'))) return dir;
  }
  const versions = fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const dir = path.join('/usr/lib/postgresql', version, 'bin');
    if (fs.existsSync(path.join(dir, 'initdb'))) return dir;
  }
  return null;
}

/** Runs a PostgreSQL program: as the `postgres` user when this process is root (initdb refuses root). */
function asPostgres(program: string, args: string[]): void {
  const root = process.getuid?.() === 0;
  execFileSync(root ? 'runuser' : program, root ? ['-u', 'postgres', '--', program, ...args] : args, { stdio: 'pipe' });
}

export interface Service {
  url: string;
  stop(): Promise<void>;
}

/** A throwaway PostgreSQL cluster with one database, `copytech`; its URL has no password (trust on loopback). */
export async function startPostgres(): Promise<Service> {
  const bin = postgresBin();
  if (!bin) throw new Error("PostgreSQL is not installed: install Debian's `postgresql` (apt-get install -y postgresql)");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'copytech-pg-'));
  const data = path.join(dir, 'data');
  if (process.getuid?.() === 0) execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  const port = await freePort();
  asPostgres(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--locale=C']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  asPostgres(path.join(bin, 'pg_ctl'), ['-D', data, '-o', options, '-l', path.join(dir, 'postgres.log'), '-w', 'start']);
  execFileSync(process.getuid?.() === 0 ? 'runuser' : path.join(bin, 'createdb'), [
    ...(process.getuid?.() === 0 ? ['-u', 'postgres', '--', path.join(bin, 'createdb')] : []),
    '-h',
    '127.0.0.1',
    '-p',
    String(port),
    '-U',
    'postgres',
    'copytech',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/copytech`,
    async stop() {
      try {
        asPostgres(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** A Redis server of its own, keeping nothing on disk. */
export async function startRedis(): Promise<Service> {
  const port = await freePort();
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'pipe' });
  } catch {
    throw new Error("Redis is not installed: install Debian's `redis-server` (apt-get install -y redis-server)");
  }
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  await waitFor(
    async () => {
      try {
        execFileSync('redis-cli', ['-p', String(port), 'ping'], { stdio: 'pipe' });
        return true;
      } catch {
        return false;
      }
    },
    10_000,
    'redis-server to answer',
  );
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGKILL');
    },
  };
}

/** Polls `check` until it is true, or fails after `ms` naming what it waited for. */
export async function waitFor(check: () => Promise<boolean> | boolean, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
