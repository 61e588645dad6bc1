/** All SQL of the human check: the used challenges, `captcha_solutions`, kept until they expire. */
import type { CheckerDb } from '../db/savingsCheckerMigration';

/**
 * Records a verified challenge as used, in the caller's transaction: false when it already was
 * (a replay). Expired records are cleared on the way.
 */
export async function spendCaptcha(trx: CheckerDb, check: { id: string; expiresAt: number }): Promise<boolean> {
  const now = Date.now();
  await trx.deleteFrom('captcha_solutions').where('expires_at', '<', now).execute();
  // ON CONFLICT rather than catching the duplicate key: on PostgreSQL a failed statement ends
  // the caller's transaction. A concurrent spend of the same challenge waits for the first to
  // commit (or roll back) and then inserts nothing.
  const inserted = await trx
    .insertInto('captcha_solutions')
    .values({ id: check.id, expires_at: check.expiresAt, used_at: new Date(now).toISOString() })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1;
}
