/**
 * The outside services of the production topology, started for the topology test on this machine
 * and stopped after it (docs/deploy.md "The topology test"): a PostgreSQL cluster and a Redis
 * server of their own, on free loopback ports in a temporary folder, never a system service.
 */
import { postgresDatabase, startCluster, stopCluster } from '../../server/test/postgres';
import { startRedis as startRedisServer, stopRedis as stopRedisServer } from '../../server/test/redis';
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

/** A Redis server of its own (the server tests' helper), keeping nothing on disk. */
export async function startRedis(): Promise<Service> {
  const port = await freePort();
  const child = await startRedisServer(port);
  return { url: `redis://127.0.0.1:${port}`, stop: () => stopRedisServer(child) };
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
