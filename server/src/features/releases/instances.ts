/**
 * Each instance's heartbeat in release_instances: which release store it serves from (the random
 * id kept in <store>/.store-id), its process, and the pointer version it has applied, every
 * HEARTBEAT_MS. It tells an operator which instances follow which version, and tells an upload
 * whether every live instance shares one store: when instances seen in the last ALIVE_MS report
 * more than one store id, a release uploaded to one would be missing on the others, so the upload
 * is refused (store.ts) and the team publishes with --origin instead.
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Db } from '../../db/database';

export const HEARTBEAT_MS = 2_000;
export const ALIVE_MS = 30_000;
/** Rows of instances gone this long are removed: the table stays as small as the fleet. */
const FORGET_AFTER_MS = 60 * 60_000;

export interface Heartbeat {
  readonly instanceId: string;
  beat(): Promise<void>;
  /** the distinct store ids of the instances seen alive (this one included) */
  aliveStoreIds(): Promise<string[]>;
  /** removes this instance's row (on close) */
  leave(): Promise<void>;
}

export function createHeartbeat(db: Db, storeId: string, version: () => number, clock: () => number): Heartbeat {
  const instanceId = randomUUID();
  const row = () => ({
    store_id: storeId,
    pid: process.pid,
    hostname: os.hostname().slice(0, 200),
    pointer_version: version(),
    seen_at: clock(),
  });
  return {
    instanceId,
    async beat() {
      const values = row();
      await db
        .insertInto('release_instances')
        .values({ instance_id: instanceId, ...values })
        .onConflict((oc) => oc.column('instance_id').doUpdateSet(values))
        .execute();
      await db
        .deleteFrom('release_instances')
        .where('seen_at', '<', values.seen_at - FORGET_AFTER_MS)
        .execute();
    },
    async aliveStoreIds() {
      const rows = await db
        .selectFrom('release_instances')
        .select('store_id')
        .distinct()
        .where('seen_at', '>=', clock() - ALIVE_MS)
        .execute();
      return [...new Set([storeId, ...rows.map((r) => r.store_id)])];
    },
    async leave() {
      await db.deleteFrom('release_instances').where('instance_id', '=', instanceId).execute();
    },
  };
}
