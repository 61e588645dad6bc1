/** What the write routes share: the database, the outbox, configuration and the clock. */
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { OutboxWorker } from '../outbox/outbox.js';

export interface WriteDeps {
  db: Db;
  outbox: OutboxWorker;
  config: Config;
  /** epoch ms */
  clock: () => number;
}

/** Per-IP limit for a write route (the @fastify/rate-limit route option). */
export function perMinute(max: number) {
  return { rateLimit: { max, timeWindow: 60_000 } };
}
