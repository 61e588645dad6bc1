/** All SQL of the readiness check: a read and a write of the database, and the outbox's backlog. */
import { sql } from 'kysely';
import type { Db } from '../db/database';

export interface OutboxState {
  pending: number;
  dead: number;
  /** the oldest row still waiting after a failed attempt: deliveries have been failing since then */
  failingSince: string | null;
}

/** Reads and writes the database: a write that changes nothing still needs the write lock. */
export async function checkDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('outbox')
      .set({ id: sql`id` })
      .where('id', '=', '')
      .execute();
  });
}

export async function outboxState(db: Db): Promise<OutboxState> {
  const rows = await db
    .selectFrom('outbox')
    .where('status', 'in', ['pending', 'dead'])
    .select((eb) => ['status', eb.fn.countAll().as('count')])
    .groupBy('status')
    .execute();
  const count = (status: string) => Number(rows.find((r) => r.status === status)?.count ?? 0);
  const failing = await db
    .selectFrom('outbox')
    .where('status', '=', 'pending')
    .where('attempts', '>', 0)
    .select('created_at')
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
  return { pending: count('pending'), dead: count('dead'), failingSince: failing?.created_at ?? null };
}
