/**
 * The outside services of the production topology, started for the topology test on this machine
 * and stopped after it (docs/deploy.md "The topology test"): a PostgreSQL cluster and a Redis
 * server of their own, on free loopback ports in a temporary folder, never a system service.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { postgresDatabase, startCluster, stopCluster } from '../../server/test/postgres';
import { freePort } from '../support/server';

export interface Service {
  url: string;
  stop(): Promise<void>;
}

/**
 * A throwaway PostgreSQL cluster (the server tests' own harness) with one empty database; its URL
 * has no password (trust on loopback).
 */
export async function startPostgres(): Promise<Service> {
  await startCluster();
  const { url } = postgresDatabase();
  return { url, stop: async () => stopCluster() };
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
